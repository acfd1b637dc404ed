/**
 * A Zoho Payments webhook delivery checked before anything in it is read:
 * a body that is not a JSON object is no event at all; then the HMAC
 * signature over the raw body, then the event's shape. The event id is read
 * from the raw digits, and the link's reference is our order id.
 */
import type { WebhookHeaders, WebhookVerdict } from '../../orders/rail-port';
import { parseJsonObject } from '../../lib/json-object';
import { webhookKindOfZoho } from './link-mapping';
import { verifyZohoWebhookSignature } from './webhook-signature';
import { eventIdFromRawBody, webhookEventSchema } from './wire';

export function parseZohoWebhook(
  signingKey: string,
  headers: WebhookHeaders,
  rawBody: string,
): WebhookVerdict {
  const payload = parseJsonObject(rawBody);
  if (!payload) return { refused: 'malformed', reason: 'Not a JSON object.' };
  const signature = headers['x-zoho-webhook-signature'];
  if (
    !verifyZohoWebhookSignature(
      typeof signature === 'string' ? signature : undefined,
      rawBody,
      signingKey,
    )
  ) {
    return { refused: 'forged', reason: 'Signature verification failed.' };
  }
  const parsed = webhookEventSchema.safeParse(payload);
  if (!parsed.success) return { refused: 'malformed', reason: 'Unexpected event shape.' };
  const event = parsed.data;
  const link = event.event_object?.payment_link;
  return {
    event: {
      eventId: eventIdFromRawBody(rawBody) ?? event.event_id,
      eventType: event.event_type,
      kind: webhookKindOfZoho(event.event_type),
      orderReference: { providerReference: link?.payment_link_id, orderId: link?.reference_id },
    },
  };
}
