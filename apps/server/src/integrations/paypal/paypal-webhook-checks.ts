/**
 * What a PayPal webhook delivery must pass before its certificate is
 * fetched or its signature checked: the five transmission headers in
 * PayPal's formats, a certificate URL on PayPal's API hosts (or on the
 * configured API base, for the local emulators), a transmission time close
 * to now, and a body in the shape we act on.
 */
import type { WebhookRefusal } from '../../orders/rail-port';
import { webhookKindOf } from './invoice-mapping';
import type { CertificateSource } from './paypal-webhook-certs';
import type { WebhookTransmission } from './paypal-client';
import { invoiceIdOf, webhookEventSchema } from './wire';

/** The hosts PayPal names in `PAYPAL-CERT-URL`, live and sandbox. */
export const PAYPAL_CERT_HOSTS: readonly string[] = [
  'api.paypal.com',
  'api-m.paypal.com',
  'api.sandbox.paypal.com',
  'api-m.sandbox.paypal.com',
];

/** How far a transmission time may be from our clock, either way. */
export const TRANSMISSION_TIME_TOLERANCE_MS = 5 * 60_000;

export interface PayPalWebhookPolicy {
  /** Origins besides PayPal's hosts that may serve the certificate: the configured API base. */
  certOrigins: readonly string[];
  /** Our webhook subscription's id, part of what PayPal signs. */
  webhookId: string;
  /** Where the signing certificates come from (paypal-webhook-certs.ts). */
  certificates: CertificateSource;
  now?: () => number;
}

const refuse = (reason: string): WebhookRefusal => ({ refused: 'malformed', reason });

const TRANSMISSION_ID = /^[A-Za-z0-9-]{8,128}$/;
const BASE64 = /^[A-Za-z0-9+/]{6,2048}={0,2}$/;
const AUTH_ALGO = /^SHA(?:256|384|512)withRSA$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** A refusal when the delivery fails a check that needs no call to PayPal. */
export function checkLocally(
  transmission: WebhookTransmission,
  event: unknown,
  policy: Pick<PayPalWebhookPolicy, 'certOrigins' | 'now'>,
): WebhookRefusal | undefined {
  if (!TRANSMISSION_ID.test(transmission.transmissionId))
    return refuse('Malformed transmission id.');
  const signature = transmission.transmissionSig;
  if (signature.length % 4 !== 0 || !BASE64.test(signature))
    return refuse('Malformed transmission signature.');
  if (!AUTH_ALGO.test(transmission.authAlgo)) return refuse('Unknown signing algorithm.');
  if (!isTrustedCertUrl(transmission.certUrl, policy.certOrigins))
    return refuse('The certificate is not on PayPal.');
  const sentAt = RFC3339.test(transmission.transmissionTime)
    ? Date.parse(transmission.transmissionTime)
    : Number.NaN;
  if (Number.isNaN(sentAt)) return refuse('Malformed transmission time.');
  if (Math.abs((policy.now ?? Date.now)() - sentAt) > TRANSMISSION_TIME_TOLERANCE_MS)
    return refuse('The transmission time is too far from now.');
  return checkEventShape(event);
}

function isTrustedCertUrl(text: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && PAYPAL_CERT_HOSTS.includes(url.hostname);
}

/** A JSON object with a string id, an invoicing event we act on, and the invoice it is about. */
function checkEventShape(event: unknown): WebhookRefusal | undefined {
  if (typeof event !== 'object' || event === null || Array.isArray(event))
    return refuse('The body is not a JSON object.');
  const parsed = webhookEventSchema.safeParse(event);
  if (!parsed.success) return refuse('Unexpected event shape.');
  if (webhookKindOf(parsed.data.event_type) === 'other')
    return refuse('Not an invoicing event we act on.');
  if (!invoiceIdOf(parsed.data)) return refuse('The event names no invoice.');
  return undefined;
}
