/**
 * The India payment calls (spec section 7). All of them need the signed-in
 * user's bearer token and work only on that user's own e-mail address.
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
  type ZohoCheckoutResponse,
  type ZohoContactRequest,
  type ZohoPaymentStatusResponse,
} from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';

/**
 * Tells the server the cart's discount code before the India payment step,
 * whose request carries none (spec: "discount codes are applied
 * automatically"); `null` clears an earlier one.
 */
export async function carryDiscountCode(request: AppliedDiscountRequest): Promise<void> {
  await authorizedRequest(
    { method: 'PUT', url: apiRoutes.appliedDiscount, data: request },
    appliedDiscountResponseSchema,
  );
}

/** The Zoho Books contact id for the e-mail, or null when there is none. */
export async function findZohoContactId(email: string): Promise<string | null> {
  const { contact } = await authorizedRequest(
    { method: 'GET', url: zohoContactByEmailPath(email) },
    zohoContactLookupResponseSchema,
  );
  return contact?.contact_id ?? null;
}

export async function createZohoContact(request: ZohoContactRequest): Promise<string> {
  const { contact } = await authorizedRequest(
    { method: 'POST', url: apiRoutes.zohoContacts, data: request },
    zohoContactResponseSchema,
  );
  return contact.contact_id;
}

export async function createZohoPaymentLink(
  request: ZohoCheckoutRequest,
): Promise<ZohoCheckoutResponse['payment_links']> {
  const { payment_links } = await authorizedRequest(
    { method: 'POST', url: apiRoutes.zohoCheckout, data: request },
    zohoCheckoutResponseSchema,
  );
  return payment_links;
}

export function checkZohoPaymentStatus(): Promise<ZohoPaymentStatusResponse> {
  return authorizedRequest(
    { method: 'GET', url: apiRoutes.zohoPaymentStatus },
    zohoPaymentStatusResponseSchema,
  );
}
