/**
 * POST /api/webhooks/paypal — PayPal's invoice events. Verify, record, then
 * act: the signature is checked (PayPal's verify-webhook-signature) before
 * anything in the body is trusted; the event id is stored once, so a repeat
 * changes nothing; then the invoice is fetched fresh from PayPal and that
 * answer, not the event, decides the order's state. 2xx is answered only
 * once the event is stored, so PayPal redelivers otherwise.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import type { PayPalClient, WebhookTransmission } from '../../integrations/paypal/paypal-client';
import { invoiceIdOf, webhookEventSchema } from '../../integrations/paypal/wire';
import { isProviderError } from '../../integrations/shared/provider-http';
import { findOrderByProviderReference } from '../orders/repository';
import type { OrderService } from '../orders/service';
import { keepRawJson, recordAndApply } from './payment-events';

export const PAYPAL_WEBHOOK_PATH = '/api/webhooks/paypal';

function isComplete(
  transmission: Partial<Record<keyof WebhookTransmission, string>>,
): transmission is WebhookTransmission {
  return (
    Object.values(transmission).every((value) => value !== undefined) &&
    Object.keys(transmission).length === 5
  );
}

export const paypalWebhookRoutes: FastifyPluginAsync<{
  db: Database;
  paypal: PayPalClient;
  orders: OrderService;
}> = async (app, { db, paypal, orders }) => {
  // Verification embeds the body exactly as received.
  keepRawJson(app);

  app.post(
    PAYPAL_WEBHOOK_PATH,
    { bodyLimit: 512 * 1024, config: { rateLimit: false } },
    async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' && value !== '' ? value : undefined;
      };
      const transmission = {
        authAlgo: header('paypal-auth-algo'),
        certUrl: header('paypal-cert-url'),
        transmissionId: header('paypal-transmission-id'),
        transmissionSig: header('paypal-transmission-sig'),
        transmissionTime: header('paypal-transmission-time'),
      };
      const raw = typeof request.body === 'string' ? request.body : '';
      let event: unknown;
      try {
        event = JSON.parse(raw);
      } catch {
        event = undefined;
      }
      if (!isComplete(transmission) || event === undefined) {
        request.log.error(
          { webhook: 'paypal' },
          'webhook rejected: missing signature headers or body',
        );
        return reply
          .code(400)
          .send({ statusCode: 400, error: 'Bad Request', message: 'Not a PayPal webhook.' });
      }

      let genuine: boolean;
      try {
        genuine = await paypal.verifyWebhookSignature(transmission, event);
      } catch (error) {
        request.log.error(
          { webhook: 'paypal', err: isProviderError(error) ? error.message : error },
          'webhook verification unavailable',
        );
        return reply
          .code(503)
          .send({ statusCode: 503, error: 'Service Unavailable', message: 'Try again later.' });
      }
      if (!genuine) {
        request.log.error(
          { webhook: 'paypal', transmission: transmission.transmissionId },
          'webhook rejected: bad signature',
        );
        return reply.code(400).send({
          statusCode: 400,
          error: 'Bad Request',
          message: 'Signature verification failed.',
        });
      }

      const parsed = webhookEventSchema.safeParse(event);
      if (!parsed.success) {
        request.log.error({ webhook: 'paypal' }, 'verified webhook has an unexpected shape');
        return reply
          .code(400)
          .send({ statusCode: 400, error: 'Bad Request', message: 'Unexpected event shape.' });
      }
      const { id: eventId, event_type: eventType } = parsed.data;
      const invoiceId = invoiceIdOf(parsed.data);

      const result = await recordAndApply(
        { db, orders, log: request.log },
        { provider: 'paypal', eventId, eventType, providerReference: invoiceId },
        async () =>
          invoiceId ? findOrderByProviderReference(db, 'paypal_invoice', invoiceId) : undefined,
      );
      return reply.code(200).send({ received: true, duplicate: result.duplicate });
    },
  );
};
