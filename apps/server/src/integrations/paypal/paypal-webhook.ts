/**
 * A PayPal webhook delivery checked before anything in it is trusted: the
 * five transmission headers and a JSON body must be there, they must pass
 * the local checks (paypal-webhook-checks.ts) and the cap on verify calls,
 * PayPal's verify-webhook-signature must answer SUCCESS for exactly these
 * bytes, and only then is the event read, as far as we act on it.
 */
import type { WebhookHeaders, WebhookVerdict } from '../../modules/orders/rail-port';
import { isJsonObject } from '../shared/json-object';
import { isProviderError } from '../shared/provider-http';
import { webhookKindOf } from './invoice-mapping';
import type { PayPalClient, WebhookTransmission } from './paypal-client';
import { checkLocally, takeVerifyCall, type PayPalWebhookPolicy } from './paypal-webhook-checks';
import { invoiceIdOf, webhookEventSchema } from './wire';

const NOT_PAYPAL = { refused: 'malformed', reason: 'Not a PayPal webhook.' } as const;

export async function parsePayPalWebhook(
  client: PayPalClient,
  headers: WebhookHeaders,
  rawBody: string,
  policy: PayPalWebhookPolicy,
): Promise<WebhookVerdict> {
  const transmission = transmissionOf(headers);
  const event = parseJson(rawBody);
  if (!transmission || event === undefined) return NOT_PAYPAL;
  // Only a JSON object can be an event: anything else is refused before PayPal is asked.
  if (!isJsonObject(event)) return NOT_PAYPAL;

  const refusal =
    checkLocally(transmission, event, policy) ?? (await takeVerifyCall(policy.verifyCalls));
  if (refusal) return refusal;

  let genuine: boolean;
  try {
    genuine = await client.verifyWebhookSignature(transmission, event);
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return { refused: 'unverifiable', reason: 'Try again later.' };
  }
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
