/**
 * What needs a person: one list for the back office's "Needs attention"
 * page and for the e-mails to the sellers, so both always agree.
 *
 *   order-flagged    an order's open attention items (paid twice, paid without a
 *                    seat, a wrong amount, a lost provider answer, …)
 *   paid-not-handed-off
 *                    a paid (or refunded) student the courses portal has
 *                    not acknowledged yet: a first attempt failed, or none
 *                    was made for a while (the worker is not running)
 *   handoff-stuck    the same after several attempts
 *   webhooks-refused many refused webhook deliveries in the last hour
 *   holds-clustered  many unpaid holds of one batch from one network or
 *                    e-mail domain (hold-clusters.ts)
 */
import { createHash } from 'node:crypto';
import { and, eq, gte, isNull, lt, or, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, portalHandoffs, webhookRefusals } from '../db/schema';
import { flaggedOrders } from './attention';
import { listHoldClusters, type ClusteredHolds } from './hold-clusters';

/** Failed attempts after which a hand-off is stuck: the third comes about 2½ minutes after the first (30 s, then 2 min). */
export const STUCK_HANDOFF_ATTEMPTS = 3;
/** A hand-off not even tried this long after it was queued means the worker is not running. */
export const UNTRIED_HANDOFF_MINUTES = 10;
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
      kind: 'handoff-stuck' | 'paid-not-handed-off';
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
    }
  | ({ kind: 'holds-clustered'; key: string } & ClusteredHolds);

export async function listAttentionItems(db: Db, now = new Date()): Promise<AttentionItem[]> {
  const untriedSince = new Date(now.getTime() - UNTRIED_HANDOFF_MINUTES * 60_000);
  const [flagged, undelivered, refused, clusters] = await Promise.all([
    flaggedOrders(db),
    db
      .select({ handoff: portalHandoffs, email: orders.email })
      .from(portalHandoffs)
      .innerJoin(orders, eq(orders.id, portalHandoffs.orderId))
      .where(
        and(
          isNull(portalHandoffs.deliveredAt),
          or(gte(portalHandoffs.attempts, 1), lt(portalHandoffs.createdAt, untriedSince)),
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
    listHoldClusters(db),
  ]);
  return [
    ...flagged.map((order) => ({
      kind: 'order-flagged' as const,
      key: `order:${order.orderId}:${hashOf(order.note)}`,
      ...order,
    })),
    ...undelivered.map(({ handoff, email }) => ({
      kind:
        handoff.attempts >= STUCK_HANDOFF_ATTEMPTS
          ? ('handoff-stuck' as const)
          : ('paid-not-handed-off' as const),
      // The item keeps its key while it stays what it is; once stuck it is a new one.
      key:
        handoff.attempts >= STUCK_HANDOFF_ATTEMPTS
          ? `handoff:${handoff.id}`
          : `handoff-pending:${handoff.id}`,
      orderId: handoff.orderId,
      // Whom the message is about: a company order's attendee, else the buyer.
      email: (handoff.payload as { student?: { email?: string } }).student?.email ?? email,
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
    ...clusters.map((cluster) => ({
      kind: 'holds-clustered' as const,
      key: `holds:${cluster.batchId}:${cluster.by}:${cluster.value}`,
      ...cluster,
    })),
  ];
}

/** A short, stable fingerprint of a note, so a changed note counts as a new item. */
function hashOf(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 12);
}
