/**
 * What needs a person: one list for the back office's "Needs attention"
 * page and for the e-mails to the sellers, so both always agree.
 *
 *   order-flagged    an order's `attention` (paid twice, paid without a
 *                    seat, a wrong amount, a lost provider answer, …)
 *   handoff-stuck    a paid (or refunded) student the courses portal has
 *                    not acknowledged after several attempts
 *   webhooks-refused many refused webhook deliveries in the last hour
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, gte, isNotNull, isNull, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, portalHandoffs, webhookRefusals } from '../../db/schema';

/** Attempts after which an undelivered hand-off needs a person (about 12 minutes in). */
export const STUCK_HANDOFF_ATTEMPTS = 3;
/** Refusals in an hour from one provider that are more than stray traffic. */
export const REFUSALS_IN_BULK = 20;

export type AttentionItem =
  | {
      kind: 'order-flagged';
      /** Stable while the note is unchanged: a new note is a new item. */
      key: string;
      orderId: string;
      email: string;
      status: string;
      note: string;
      since: Date;
    }
  | {
      kind: 'handoff-stuck';
      key: string;
      orderId: string;
      email: string;
      handoffId: string;
      handoffKind: string;
      attempts: number;
      lastError: string | null;
      since: Date;
    }
  | {
      kind: 'webhooks-refused';
      key: string;
      provider: string;
      count: number;
      since: Date;
    };

export async function listAttentionItems(db: Db, now = new Date()): Promise<AttentionItem[]> {
  const [flagged, stuck, refused] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(isNotNull(orders.attention))
      .orderBy(desc(orders.updatedAt))
      .limit(500),
    db
      .select({ handoff: portalHandoffs, email: orders.email })
      .from(portalHandoffs)
      .innerJoin(orders, eq(orders.id, portalHandoffs.orderId))
      .where(
        and(
          isNull(portalHandoffs.deliveredAt),
          gte(portalHandoffs.attempts, STUCK_HANDOFF_ATTEMPTS),
        ),
      )
      .orderBy(portalHandoffs.createdAt)
      .limit(500),
    db
      .select({
        provider: webhookRefusals.provider,
        count: sum(webhookRefusals.count).mapWith(Number),
        since: sql<Date>`min(${webhookRefusals.hour})`.mapWith((value) => new Date(value)),
      })
      .from(webhookRefusals)
      .where(
        and(
          gte(webhookRefusals.hour, new Date(now.getTime() - 60 * 60_000)),
          lt(webhookRefusals.hour, new Date(now.getTime() + 60 * 60_000)),
        ),
      )
      .groupBy(webhookRefusals.provider),
  ]);
  return [
    ...flagged.map((order) => ({
      kind: 'order-flagged' as const,
      key: `order:${order.id}:${hashOf(order.attention!)}`,
      orderId: order.id,
      email: order.email,
      status: order.status,
      note: order.attention!,
      since: order.updatedAt,
    })),
    ...stuck.map(({ handoff, email }) => ({
      kind: 'handoff-stuck' as const,
      key: `handoff:${handoff.id}`,
      orderId: handoff.orderId,
      email,
      handoffId: handoff.id,
      handoffKind: handoff.kind,
      attempts: handoff.attempts,
      lastError: handoff.lastError,
      since: handoff.createdAt,
    })),
    ...refused
      .filter((row) => row.count >= REFUSALS_IN_BULK)
      .map((row) => ({
        kind: 'webhooks-refused' as const,
        key: `webhooks:${row.provider}:${row.since.toISOString()}`,
        provider: row.provider,
        count: row.count,
        since: row.since,
      })),
  ];
}

/** A short, stable fingerprint of a note, so a changed note counts as a new item. */
function hashOf(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 12);
}
