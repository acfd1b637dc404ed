/**
 * What both providers' webhooks do once a delivery is verified: store the
 * event once (a repeat changes nothing), find the order, and let the order
 * service ask the provider and apply its answer. A failed sync is left to
 * the reconciler; the event stays stored either way.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { paymentEvents } from '../../db/schema';
import { updateOrder, type OrderRow } from '../orders/repository';
import type { OrderService } from '../orders/service';

export interface VerifiedEvent {
  provider: 'paypal' | 'zoho';
  eventId: string;
  eventType: string;
  /** The invoice or link the event is about. */
  providerReference: string | undefined;
}

export async function recordAndApply(
  deps: { db: Database; orders: OrderService; log: FastifyBaseLogger },
  event: VerifiedEvent,
  findOrder: () => Promise<OrderRow | undefined>,
): Promise<{ duplicate: boolean; outcome: string }> {
  const { db, orders, log } = deps;
  const [stored] = await db
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      providerEventId: event.eventId,
      eventType: event.eventType,
      providerReference: event.providerReference ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!stored) {
    log.info(
      { webhook: event.provider, event: event.eventId },
      'webhook repeated; already recorded',
    );
    return { duplicate: true, outcome: 'duplicate' };
  }

  const order = await findOrder();
  let outcome: string;
  if (!order) {
    outcome = 'no order for this reference';
  } else {
    try {
      // The event is a hint: the provider, asked directly, decides.
      const synced = await orders.sync(
        event.providerReference ? { ...order, providerReference: event.providerReference } : order,
        `webhook ${event.eventType}`,
      );
      outcome = `order ${synced.status}`;
    } catch (error) {
      await updateOrder(db, order.id, { nextCheckAt: new Date() });
      outcome = `sync failed, reconciliation scheduled: ${(error as Error).message.slice(0, 200)}`;
    }
  }
  await db
    .update(paymentEvents)
    .set({ orderId: order?.id ?? null, processedAt: new Date(), outcome })
    .where(eq(paymentEvents.id, stored.id));
  log.info(
    {
      webhook: event.provider,
      event: event.eventId,
      eventType: event.eventType,
      order: order?.id,
      outcome,
    },
    'webhook processed',
  );
  return { duplicate: false, outcome };
}

/** Keeps a JSON body as the exact text received: signatures are over the raw bytes. */
export function keepRawJson(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
}
