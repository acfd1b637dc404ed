/** Webhook deliveries we accepted, stored once per provider event id. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentEvents, webhookRefusals } from '../../db/schema';

export type EventProvider = (typeof paymentEvents.$inferInsert)['provider'];

/** Stores the event; answers its row id, or nothing when it was stored before. */
export async function storeEventOnce(
  db: Db,
  event: {
    provider: EventProvider;
    eventId: string;
    eventType: string;
    providerReference: string | undefined;
  },
): Promise<number | undefined> {
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
  return stored?.id;
}

export async function markEventProcessed(
  db: Db,
  id: number,
  result: { orderId: string | null; outcome: string },
): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ orderId: result.orderId, processedAt: new Date(), outcome: result.outcome })
    .where(eq(paymentEvents.id, id));
}

/** The refused deliveries of one provider and kind, counted since the last flush. */
export interface RefusalCount {
  provider: EventProvider;
  refusal: 'malformed' | 'forged' | 'unverifiable';
  count: number;
}

/**
 * Adds refused deliveries to their provider's current hour, in one
 * statement: one row per provider, hour and kind of refusal, however many
 * are sent.
 */
export async function addRefusals(db: Db, counts: readonly RefusalCount[]): Promise<void> {
  if (counts.length === 0) return;
  await db
    .insert(webhookRefusals)
    .values(
      counts.map(({ provider, refusal, count }) => ({
        provider,
        refusal,
        count,
        hour: sql`date_trunc('hour', now())`,
      })),
    )
    .onConflictDoUpdate({
      target: [webhookRefusals.provider, webhookRefusals.hour, webhookRefusals.refusal],
      set: { count: sql`${webhookRefusals.count} + excluded.count` },
    });
}
