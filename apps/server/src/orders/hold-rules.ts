/**
 * What keeps one client from hoarding a batch's seats with unpaid orders:
 *
 *   - one client network (an IPv4 address, an IPv6 /64) holds at most
 *     `UNPAID_HOLDS_PER_NETWORK` (3) unpaid seats of a batch, however many proven
 *     e-mail addresses it signs in with. Counted under a transaction-scoped
 *     advisory lock on the batch and network, so parallel checkouts queue
 *     for the count instead of all reading the same number;
 *   - a changed checkout (billing, ZIP code, code, batch) replaces the open
 *     order but never extends its hold: the new order ends when the first
 *     one would have.
 */
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { holdHoursOf } from '../catalog/hold-admin';
import { TooManyUnpaidHoldsError } from './errors';
import { OPEN_STATUSES, type OrderRow } from './repository';

/** Where a checkout came from: the client address and its network (see http/plugins/rate-limit-keys.ts). */
export interface ClientOrigin {
  address: string;
  network: string;
}

/**
 * Refuses the placement when the client's network already holds its share
 * of the batch. The buyer's own open order does not count: it is being
 * reused or replaced. Call it first in the placement's transaction (the
 * lock is taken before any order or batch row, in the same order by all).
 */
export async function checkUnpaidHolds(
  tx: Db,
  placing: { email: string; batchId: string; client: ClientOrigin },
  allowed: number,
): Promise<void> {
  const lockKey = `unpaid-holds:${placing.batchId}:${placing.client.network}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
  const [held] = await tx
    .select({ count: count() })
    .from(orders)
    .where(
      and(
        eq(orders.batchId, placing.batchId),
        eq(orders.clientNetwork, placing.client.network),
        inArray(orders.status, OPEN_STATUSES),
        eq(orders.holdsReserved, true),
        ne(orders.email, placing.email),
      ),
    );
  if ((held?.count ?? 0) >= allowed) throw new TooManyUnpaidHoldsError();
}

/**
 * When a new order's hold ends: the workshop's hold from now, never past the
 * replaced order's while that one still runs. A hold that has already ended
 * (the reconciler has not closed it yet) no longer keeps the seat from
 * anyone, so the buyer starts afresh, as after its expiry.
 */
export async function holdEndFor(
  tx: Db,
  workshopSku: string,
  replaced: OrderRow | undefined,
  now: number,
): Promise<Date> {
  const fresh = new Date(now + (await holdHoursOf(tx, workshopSku)) * 3600_000);
  const running = replaced && replaced.holdExpiresAt.getTime() > now;
  return running && replaced.holdExpiresAt < fresh ? replaced.holdExpiresAt : fresh;
}
