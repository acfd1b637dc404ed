/**
 * POST /api/webhooks/paypal and /api/webhooks/zoho — the providers' payment
 * events, one flow for every rail: raw body → the rail verifies and
 * normalises it (`parseWebhook`) → the event is stored once by its id (a
 * repeat changes nothing) → the order is settled by asking the provider
 * directly; the event is only a hint. 2xx is answered only once the event
 * is stored, so the provider delivers again otherwise. A delivery that
 * cannot be verified now is refused, but the order it names may be asked
 * about at once (unverified-hints.ts). The paths are configured at the
 * providers and never change.
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { errorBody } from '../../lib/http-error';
import { logRefusal } from '../../lib/refusal-log';
import type { AppMetrics } from '../metrics/metrics';
import type { RailName, RailWebhookEvent, WebhookRefusal } from '../../orders/rail-port';
import { findOrderOnRail, updateOrder } from '../../orders/repository';
import type { OrderService } from '../../orders/service';
import type { WebhookRefusalTally } from './refusal-tally';
import { UnverifiedHints } from './unverified-hints';
import {
  markEventProcessed,
  storeEventOnce,
  type EventProvider,
} from './payment-events-repository';

interface WebhookEndpoint {
  path: string;
  rail: RailName;
  provider: EventProvider;
  /** What a delivery whose signature fails gets (PayPal's verify answer, Zoho's HMAC). */
  forgedStatus: 400 | 401;
}

export const WEBHOOK_ENDPOINTS: readonly WebhookEndpoint[] = [
  { path: '/api/webhooks/paypal', rail: 'paypal_invoice', provider: 'paypal', forgedStatus: 400 },
  { path: '/api/webhooks/zoho', rail: 'zoho_link', provider: 'zoho', forgedStatus: 401 },
];

const NOT_JSON = Symbol('not JSON');
const NOT_JSON_REFUSAL: WebhookRefusal = {
  refused: 'malformed',
  reason: 'A webhook body must be application/json.',
};

export const webhookRoutes: FastifyPluginAsync<{
  db: Database;
  orders: OrderService;
  /** Counts refused deliveries for the seller's Needs attention, written once a minute. */
  refusals: Pick<WebhookRefusalTally, 'count'>;
  /** Counts deliveries by result for the operator (GET /metrics). */
  metrics?: Pick<AppMetrics, 'countWebhook'>;
}> = async (app, { db, orders, refusals, metrics }) => {
  const hints = new UnverifiedHints(db, orders);
  // Signatures are over the exact bytes received: keep JSON bodies as text.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  // Any other content type is no provider's event: refused below, without asking the rail.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, NOT_JSON),
  );

  for (const endpoint of WEBHOOK_ENDPOINTS) {
    app.post(
      endpoint.path,
      {
        bodyLimit: 512 * 1024,
        config: { access: 'public', rateLimit: false, refusedStatuses: [400, 401, 503] },
      },
      async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const verdict =
          request.body === NOT_JSON
            ? NOT_JSON_REFUSAL
            : await orders.rail(endpoint.rail).parseWebhook(request.headers, raw);
        if ('refused' in verdict) {
          const statusCode = statusOfRefusal(verdict, endpoint);
          refusals.count(endpoint.provider, verdict.refused);
          metrics?.countWebhook(endpoint.provider, 'refused', verdict.refused);
          logRefusal(
            request,
            `webhook:${endpoint.provider}:${verdict.refused}`,
            'warn',
            { webhook: endpoint.provider, refused: verdict.refused },
            `webhook rejected: ${verdict.reason}`,
          );
          if (verdict.unverifiedReference) {
            // Unverified, so still refused (delivered again), but its order may be asked about now.
            const hint = await hints.follow(endpoint.rail, verdict.unverifiedReference);
            if (hint.checked) {
              logRefusal(
                request,
                `webhook:${endpoint.provider}:hint-checked`,
                'info',
                { webhook: endpoint.provider, order: hint.orderId, outcome: hint.result },
                'unverified webhook: its order was asked about at the provider',
              );
            }
          }
          if (verdict.retryAfterSeconds) reply.header('retry-after', verdict.retryAfterSeconds);
          return reply.code(statusCode).send(errorBody(statusCode, verdict.reason));
        }
        const duplicate = await recordAndSettle(
          { db, orders, log: request.log },
          endpoint,
          verdict.event,
        );
        metrics?.countWebhook(endpoint.provider, duplicate ? 'repeated' : 'processed');
        return reply.code(200).send({ received: true, duplicate });
      },
    );
  }
};

function statusOfRefusal(refusal: WebhookRefusal, endpoint: WebhookEndpoint): 400 | 401 | 503 {
  if (refusal.refused === 'unverifiable') return 503;
  if (refusal.refused === 'forged') return endpoint.forgedStatus;
  return 400;
}

/** Stores the event once and settles its order; answers whether it was a repeat. */
async function recordAndSettle(
  deps: { db: Database; orders: OrderService; log: FastifyBaseLogger },
  endpoint: WebhookEndpoint,
  event: RailWebhookEvent,
): Promise<boolean> {
  const { db, orders, log } = deps;
  const { providerReference } = event.orderReference;
  const storedId = await storeEventOnce(db, {
    provider: endpoint.provider,
    eventId: event.eventId,
    eventType: event.eventType,
    providerReference,
  });
  if (storedId === undefined) {
    log.info(
      { webhook: endpoint.provider, event: event.eventId },
      'webhook repeated; already recorded',
    );
    return true;
  }

  const order = await findOrderOnRail(db, endpoint.rail, event.orderReference);
  let outcome: string;
  if (!order) {
    outcome = 'no order for this reference';
  } else {
    try {
      const synced = await orders.syncReported(
        order,
        providerReference,
        `webhook ${event.eventType}`,
      );
      outcome = `order ${synced.status}`;
    } catch (error) {
      await updateOrder(db, order.id, { nextCheckAt: new Date() });
      outcome = `sync failed, reconciliation scheduled: ${(error as Error).message.slice(0, 200)}`;
    }
  }
  await markEventProcessed(db, storedId, { orderId: order?.id ?? null, outcome });
  log.info(
    {
      webhook: endpoint.provider,
      event: event.eventId,
      eventType: event.eventType,
      kind: event.kind,
      order: order?.id,
      outcome,
    },
    'webhook processed',
  );
  return false;
}
