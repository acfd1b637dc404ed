/**
 * What the buyer saw, in the spec's words: each checkout page's text for
 * the HTTP answer it got, mapped as the page maps it. Only the status (and
 * for the payment-status page, the answered status word) decides, as in
 * apps/web: 2xx is success, 409 means already purchased (and an error's
 * `reason` where the page reads it), anything else —
 * a 502 from our server, a dropped connection — is the page's failure text.
 */
import { apiErrorReasons } from '@wifi7/contract';
import { checkoutTexts } from '@wifi7/web/src/features/checkout/texts';

const succeeded = (status: number) => status >= 200 && status <= 299;

/** CheckoutPage's toast after "Pay by PayPal Invoice". */
export function invoicePageSays(status: number): string {
  if (succeeded(status)) return checkoutTexts.invoice.success;
  return status === 409 ? checkoutTexts.invoice.alreadyPurchased : checkoutTexts.invoice.failed;
}

/** ZohoContactPage: a contact found by the look-up skips the form. */
export const contactFoundSays = checkoutTexts.contact.found;

export const contactFailedSays = checkoutTexts.contact.failed;

/** ZohoContactPage after "Continue to Payment". */
export function contactFormSays(status: number): string {
  return succeeded(status) ? checkoutTexts.contact.created : contactFailedSays;
}

/**
 * ZohoPaymentPage after it asked for the link (a 409 adds a hint below the
 * same text; an unconfirmed link, the line that it may be in the inbox).
 */
export function paymentLinkPageSays(status: number, body: unknown): string {
  if (succeeded(status)) return checkoutTexts.paymentLink.created;
  const reason = (body as { reason?: string } | undefined)?.reason;
  return reason === apiErrorReasons.paymentUnconfirmed
    ? `${checkoutTexts.paymentLink.failed} + “${checkoutTexts.paymentLink.unconfirmed}”`
    : checkoutTexts.paymentLink.failed;
}

/** ZohoPaymentStatusPage: paid, not paid (yet), or the check itself failed. */
export function paymentStatusPageSays(status: number, body: unknown): string {
  if (!succeeded(status)) return checkoutTexts.paymentStatus.errorMessage;
  const word = (body as { status?: string } | undefined)?.status;
  return word === 'success'
    ? checkoutTexts.paymentStatus.success
    : checkoutTexts.paymentStatus.notVerified;
}

/** Where the buyer does nothing: the hold ends and the site's own jobs act. */
export const noPageOfOurs = '— (the buyer does nothing; the hold ends)';

/** Where the journey has no page of ours: the buyer paid on PayPal's. */
export const onPaypalsPage = "— (PayPal's own receipt; this rail has no payment-status page)";
