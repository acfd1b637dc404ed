/**
 * The India payment calls (spec section 7). All of them need the signed-in
 * user's bearer token and work only on that user's own e-mail address.
 * Beside each fetcher, its query or mutation for the pages.
 */
import {
  apiRoutes,
  appliedDiscountResponseSchema,
  zohoCheckoutResponseSchema,
  zohoContactByEmailPath,
  zohoContactLookupResponseSchema,
  zohoContactResponseSchema,
  zohoPaymentStatusResponseSchema,
  type AppliedDiscountRequest,
  type ZohoCheckoutRequest,
  type ZohoContactRequest,
} from '@wifi7/contract';
import { mutationOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { authorizedRequest } from '../../../lib/authorized-request';
import { useRefreshAfterOrder } from './placed-order';

/** The India steps' answers: each page asks anew when it opens, so none is kept after it. */
export const zohoKeys = {
  contact: (email: string) => ['checkout', 'zoho-contact', email] as const,
  paymentStatus: ['checkout', 'zoho-payment-status'] as const,
};

/** A page's answer stays as it came: not asked again on focus or reconnect, nor retried. */
const askedOnce = {
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  gcTime: 0,
} as const;

/**
 * Tells the server the cart's discount code before the India payment step,
 * whose request carries none (spec: "discount codes are applied
 * automatically"); `null` clears an earlier one.
 */
export const carryDiscountCodeMutation = mutationOptions({
  mutationFn: async (request: AppliedDiscountRequest) => {
    await authorizedRequest(
      { method: 'PUT', url: apiRoutes.appliedDiscount, data: request },
      appliedDiscountResponseSchema,
    );
  },
});

/**
 * The contact look-up of the contact page. Spec section 7: a failed look-up
 * counts as none (the form is shown); `onFailure` hears of it.
 */
export const zohoContactIdQuery = (email: string, onFailure: (error: unknown) => void) =>
  queryOptions({
    queryKey: zohoKeys.contact(email),
    queryFn: () =>
      authorizedRequest(
        { method: 'GET', url: zohoContactByEmailPath(email) },
        zohoContactLookupResponseSchema,
      ).then(
        // The Zoho Books contact id for the e-mail, or null when there is none.
        ({ contact }) => contact?.contact_id ?? null,
        (error: unknown) => {
          onFailure(error);
          return null;
        },
      ),
    ...askedOnce,
  });

/** The look-up's answer is not kept after its page (gcTime 0): a new contact has none to refresh. */
export const zohoContactMutation = mutationOptions({
  mutationFn: async (request: ZohoContactRequest) => {
    const { contact } = await authorizedRequest(
      { method: 'POST', url: apiRoutes.zohoContacts, data: request },
      zohoContactResponseSchema,
    );
    return contact.contact_id;
  },
});

/**
 * The payment link, created once when its page opens. `onSuccess` and
 * `onError` are the page's own: they run even when the buyer has left it.
 */
export function useZohoPaymentLink(page: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  const refresh = useRefreshAfterOrder();
  return useMutation({
    mutationFn: async (request: ZohoCheckoutRequest) => {
      const { payment_links } = await authorizedRequest(
        { method: 'POST', url: apiRoutes.zohoCheckout, data: request },
        zohoCheckoutResponseSchema,
      );
      return payment_links;
    },
    onSuccess: () => {
      refresh();
      page.onSuccess();
    },
    onError: page.onError,
  });
}

/**
 * The status of the buyer's latest order, asked for when the status page
 * opens and again on the person's "Try again"; `onFailure` hears of each
 * failed check.
 */
export const zohoPaymentStatusQuery = (onFailure: (error: unknown) => void) =>
  queryOptions({
    queryKey: zohoKeys.paymentStatus,
    queryFn: () =>
      authorizedRequest(
        { method: 'GET', url: apiRoutes.zohoPaymentStatus },
        zohoPaymentStatusResponseSchema,
      ).catch((error: unknown) => {
        onFailure(error);
        throw error;
      }),
    ...askedOnce,
  });
