/**
 * The India payment calls (spec section 7). All of them need the signed-in
 * user's bearer token and work only on that user's own e-mail address.
 */
import {
  apiRoutes,
  zohoCheckoutResponseSchema,
  zohoContactByEmailPath,
  zohoContactLookupResponseSchema,
  zohoContactResponseSchema,
  zohoPaymentStatusResponseSchema,
  type ZohoCheckoutRequest,
  type ZohoCheckoutResponse,
  type ZohoContactRequest,
  type ZohoPaymentStatusResponse,
} from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';

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
