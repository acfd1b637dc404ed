/**
 * Zoho Payments' two HMAC-SHA256 signatures, both with the account's
 * signing key and written as lowercase hex:
 * - webhooks: header `X-Zoho-Webhook-Signature: t=<ms>,v=<hex>` over
 *   `t + "." + raw body`, made afresh for each delivery attempt;
 * - the buyer's return to `return_url`: `signature` over
 *   `payment_link_id.payment_id.amount.status.payment_link_reference`.
 *   Zoho does not say what stands for a missing reference; here it is
 *   the empty string (the message then ends with ".").
 */
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Zoho-Webhook-Signature';

export function hmacHex(key: string, message: string): string {
  return createHmac('sha256', key).update(message, 'utf8').digest('hex');
}

export function webhookSignature(key: string, timestampMs: number, rawBody: string): string {
  return `t=${timestampMs},v=${hmacHex(key, `${timestampMs}.${rawBody}`)}`;
}

export interface ReturnResult {
  payment_link_id: string;
  payment_id: string;
  amount: string;
  status: 'paid' | 'failed';
  /** The link's `reference_id`; only sent when the link has one. */
  payment_link_reference?: string;
}

export function returnSignature(key: string, result: ReturnResult): string {
  const message = [
    result.payment_link_id,
    result.payment_id,
    result.amount,
    result.status,
    result.payment_link_reference ?? '',
  ].join('.');
  return hmacHex(key, message);
}

/** The return URL with the result and its signature added to whatever query it has. */
export function signedReturnUrl(returnUrl: string, key: string, result: ReturnResult): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_link_id', result.payment_link_id);
  url.searchParams.set('payment_id', result.payment_id);
  url.searchParams.set('amount', result.amount);
  url.searchParams.set('status', result.status);
  if (result.payment_link_reference)
    url.searchParams.set('payment_link_reference', result.payment_link_reference);
  url.searchParams.set('signature', returnSignature(key, result));
  return url.toString();
}
