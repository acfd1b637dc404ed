/**
 * A PayPal webhook delivery checked before anything in it is trusted: the
 * five transmission headers and a JSON body must be there, they must pass
 * the local checks (paypal-webhook-checks.ts), and the signature must be
 * PayPal's over exactly these bytes, verified here against PayPal's
 * certificate (paypal-webhook-certs.ts) as PayPal documents: SHA-256 (or
 * the named hash) with RSA over `<transmission id>|<transmission
 * time>|<our webhook id>|<CRC-32 of the raw body, unsigned decimal>`. Only
 * then is the event read, as far as we act on it.
 *
 * PayPal's verify-webhook-signature API is not used: a call per delivery
 * needs a budget, and forged deliveries could spend it all, starving
 * genuine ones. Verified here, a genuine delivery costs no call at all.
 * When the certificate cannot be had now, the refusal names the invoice as
 * an unverified hint (the webhook route may ask PayPal about that order).
 */
import { verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { parseJsonObject } from '../../lib/json-object';
import type { WebhookHeaders, WebhookVerdict } from '../../orders/rail-port';
import { webhookKindOf } from './invoice-mapping';
import type { WebhookTransmission } from './paypal-client';
import { checkLocally, type PayPalWebhookPolicy } from './paypal-webhook-checks';
import { invoiceIdOf, webhookEventSchema } from './wire';

const HASH_OF_ALGORITHM: Record<string, string> = {
  SHA256withRSA: 'sha256',
  SHA384withRSA: 'sha384',
  SHA512withRSA: 'sha512',
};

const NOT_PAYPAL = { refused: 'malformed', reason: 'Not a PayPal webhook.' } as const;

export async function parsePayPalWebhook(
  headers: WebhookHeaders,
  rawBody: string,
  policy: PayPalWebhookPolicy,
): Promise<WebhookVerdict> {
  const transmission = transmissionOf(headers);
  // Only a JSON object can be an event: anything else is refused before PayPal is asked.
  const event = parseJsonObject(rawBody);
  if (!transmission || !event) return NOT_PAYPAL;

  const refusal = checkLocally(transmission, event, policy);
  if (refusal) return refusal;

  const certificate = await policy.certificates.publicKeyAt(transmission.certUrl);
  if ('unavailable' in certificate) {
    // The local checks passed, so the event has the shape and names its invoice.
    const named = webhookEventSchema.safeParse(event);
    return {
      refused: 'unverifiable',
      reason: `${certificate.unavailable} Try again later.`,
      retryAfterSeconds: Math.max(1, Math.ceil(certificate.retryInMs / 1000)),
      ...(named.success && {
        unverifiedReference: { providerReference: invoiceIdOf(named.data) },
      }),
    };
  }
  const message = [
    transmission.transmissionId,
    transmission.transmissionTime,
    policy.webhookId,
    String(crc32(Buffer.from(rawBody, 'utf8')) >>> 0),
  ].join('|');
  const genuine = verify(
    HASH_OF_ALGORITHM[transmission.authAlgo] ?? 'sha256',
    Buffer.from(message),
    certificate.key,
    Buffer.from(transmission.transmissionSig, 'base64'),
  );
  if (!genuine) return { refused: 'forged', reason: 'Signature verification failed.' };

  const parsed = webhookEventSchema.safeParse(event);
  if (!parsed.success) return { refused: 'malformed', reason: 'Unexpected event shape.' };
  return {
    event: {
      eventId: parsed.data.id,
      eventType: parsed.data.event_type,
      kind: webhookKindOf(parsed.data.event_type),
      orderReference: { providerReference: invoiceIdOf(parsed.data) },
    },
  };
}

function transmissionOf(headers: WebhookHeaders): WebhookTransmission | undefined {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const authAlgo = header('paypal-auth-algo');
  const certUrl = header('paypal-cert-url');
  const transmissionId = header('paypal-transmission-id');
  const transmissionSig = header('paypal-transmission-sig');
  const transmissionTime = header('paypal-transmission-time');
  if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime)
    return undefined;
  return { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime };
}
