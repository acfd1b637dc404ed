/**
 * Zoho's error answers. Books and Payments both answer `{code, message}`
 * (Books with numeric codes, Payments with string codes, both documented
 * that way); the accounts server answers OAuth-style `{error}` bodies,
 * usually with HTTP 200 (see accounts.ts).
 *
 * Codes taken from Zoho's documentation or widely seen in practice: Books
 * 57 (not authorized), 1002 (does not exist), 1000 (internal error), 3062
 * (duplicate contact name), 6024 (organization id required), 6041 (user
 * not in that organization), 2 ("Invalid value passed for …"); Payments
 * `error` for 404 "Not Authorised" and 500. The other Payments codes
 * (`invalid_<field>`, `invalid_payment_link_status`, …) are the emulator's
 * own, in Zoho's style: Zoho publishes no catalogue for payment links.
 */
import type { FastifyReply } from 'fastify';

export type ZohoService = 'books' | 'payments';

export class ZohoApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | string,
    message: string,
  ) {
    super(message);
  }

  body(): { code: number | string; message: string } {
    return { code: this.code, message: this.message };
  }
}

export function sendZohoError(reply: FastifyReply, error: ZohoApiError): FastifyReply {
  return reply.code(error.status).send(error.body());
}

// ---- Books ----

export const booksErrors = {
  notAuthorized: () =>
    new ZohoApiError(401, 57, 'You are not authorized to perform this operation'),
  organizationRequired: () =>
    new ZohoApiError(
      400,
      6024,
      'This user belongs to multiple organizations, hence the parameter CompanyID/CompanyName is required for associating this user to a specific organization.',
    ),
  wrongOrganization: (organizationId: string) =>
    new ZohoApiError(
      400,
      6041,
      `This user is not associated with the CompanyID/CompanyName:${organizationId}.`,
    ),
  invalidValue: (field: string) => new ZohoApiError(400, 2, `Invalid value passed for ${field}`),
  tooLong: (field: string, max: number) =>
    new ZohoApiError(
      400,
      2,
      `Please ensure that the ${field} has less than ${max + 1} characters.`,
    ),
  malformedBody: () => new ZohoApiError(400, 4, 'Invalid value passed for JSONString'),
  duplicateName: () =>
    new ZohoApiError(400, 3062, 'The contact already exists. Please specify a different name'),
  contactNotFound: () => new ZohoApiError(404, 1002, 'Contact does not exist.'),
  invalidUrl: () => new ZohoApiError(404, 5, 'Invalid URL Passed'),
  internal: (status: 500 | 503) =>
    new ZohoApiError(
      status,
      1000,
      status === 500 ? 'Internal error' : 'Service temporarily unavailable',
    ),
  // Books documents 429 for its per-minute and per-day limits; the code is the emulator's own.
  tooManyRequests: () =>
    new ZohoApiError(
      429,
      44,
      'You have made too many requests continuously. Please try again after some time.',
    ),
};

// ---- Payments ----

export const paymentsErrors = {
  invalidToken: () => new ZohoApiError(401, 'invalid_oauthtoken', 'Invalid OAuth token.'),
  scopeMismatch: () =>
    new ZohoApiError(
      401,
      'oauth_scope_mismatch',
      'The OAuth token does not have the scope this request needs.',
    ),
  accountRequired: () =>
    new ZohoApiError(400, 'invalid_request', 'Invalid value passed for account_id.'),
  wrongAccount: () => new ZohoApiError(404, 'error', 'Not Authorised'),
  invalidField: (field: string, message?: string) =>
    new ZohoApiError(400, `invalid_${field}`, message ?? `Invalid value passed for ${field}.`),
  malformedBody: () =>
    new ZohoApiError(400, 'invalid_request', 'The request body is not valid JSON.'),
  unreadable: () => new ZohoApiError(400, 'invalid_request', 'The request could not be read.'),
  linkNotFound: () => new ZohoApiError(404, 'not_found', 'The payment link does not exist.'),
  notActive: (action: 'canceled' | 'updated' | 'paid' | 'expired', status: string) =>
    new ZohoApiError(
      400,
      'invalid_payment_link_status',
      `Only an active payment link can be ${action}. This link is ${status}.`,
    ),
  paymentNotFound: () => new ZohoApiError(404, 'not_found', 'The payment does not exist.'),
  notRefundable: (status: string) =>
    new ZohoApiError(
      400,
      'invalid_payment_status',
      `Only a succeeded payment can be refunded. This payment is ${status}.`,
    ),
  alreadyRefunded: () =>
    new ZohoApiError(400, 'payment_already_refunded', 'This payment has been fully refunded.'),
  refundExceeds: (left: string) =>
    new ZohoApiError(
      400,
      'invalid_amount',
      `The refund amount cannot exceed the amount left to refund (${left}).`,
    ),
  invalidUrl: () => new ZohoApiError(404, 'error', 'Invalid URL'),
  internal: (status: 500 | 503) =>
    new ZohoApiError(
      status,
      'error',
      status === 500
        ? 'An internal error occurred. Please refresh the page and try again.'
        : 'The service is temporarily unavailable. Please try again later.',
    ),
  tooManyRequests: () =>
    new ZohoApiError(429, 'too_many_requests', 'Too many requests. Please try again later.'),
};
