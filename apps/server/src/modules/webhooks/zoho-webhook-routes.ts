/**
 * POST /api/webhooks/zoho — Zoho Payments' payment-link events
 * (payment_link.paid, .expired, .canceled). The HMAC signature over
 * `t.rawBody` is checked before anything in the body is read; the event is
 * stored once by its id; the link is fetched fresh from Zoho before the
 * order changes. The link's reference_id is our order id.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { verifyZohoWebhookSignature } from '../../integrations/zoho/webhook-signature';
import { eventIdFromRawBody, webhookEventSchema } from '../../integrations/zoho/wire';
import { findOrder, findOrderByProviderReference } from '../orders/repository';
import type { OrderService } from '../orders/service';
import { keepRawJson, recordAndApply } from './payment-events';

export const ZOHO_WEBHOOK_PATH = '/api/webhooks/zoho';

export const zohoWebhookRoutes: FastifyPluginAsync<{
  db: Database;
  orders: OrderService;
  signingKey: string;
}> = async (app, { db, orders, signingKey }) => {
  keepRawJson(app);

  app.post(
    ZOHO_WEBHOOK_PATH,
    { bodyLimit: 512 * 1024, config: { rateLimit: false } },
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['x-zoho-webhook-signature'];
      if (
        !verifyZohoWebhookSignature(
          typeof header === 'string' ? header : undefined,
          raw,
          signingKey,
        )
      ) {
        request.log.error({ webhook: 'zoho' }, 'webhook rejected: bad signature');
        return reply.code(401).send({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Signature verification failed.',
        });
      }
      let parsed;
      try {
        parsed = webhookEventSchema.safeParse(JSON.parse(raw));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        request.log.error({ webhook: 'zoho' }, 'verified webhook has an unexpected shape');
        return reply
          .code(400)
          .send({ statusCode: 400, error: 'Bad Request', message: 'Unexpected event shape.' });
      }
      const event = parsed.data;
      const eventId = eventIdFromRawBody(raw) ?? event.event_id;
      const link = event.event_object?.payment_link;
      const result = await recordAndApply(
        { db, orders, log: request.log },
        {
          provider: 'zoho',
          eventId,
          eventType: event.event_type,
          providerReference: link?.payment_link_id,
        },
        async () => {
          const byLink = link?.payment_link_id
            ? await findOrderByProviderReference(db, 'zoho_link', link.payment_link_id)
            : undefined;
          // A link whose create answer was lost is still ours: its reference is the order id.
          const byReference =
            !byLink && link?.reference_id ? await findOrder(db, link.reference_id) : undefined;
          return byLink ?? (byReference?.rail === 'zoho_link' ? byReference : undefined);
        },
      );
      return reply.code(200).send({ received: true, duplicate: result.duplicate });
    },
  );
};
