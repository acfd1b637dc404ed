/**
 * The provider lease on an order in the database, so many instances never
 * do the same work at once: one caller at a time talks to the provider
 * about an order. (The reconciler's checks are claimed as jobs.)
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import type { OrderRow } from './repository';

/**
 * Takes the provider lease on an order unless another caller holds it; the
 * order as it is once leased (what the holder works from), or undefined.
 */
export async function acquireProviderLease(
  db: Db,
  orderId: string,
  seconds: number,
): Promise<OrderRow | undefined> {
  const [leased] = await db
    .update(orders)
    .set({ providerLeaseUntil: sql`now() + ${seconds} * interval '1 second'` })
    .where(
      and(
        eq(orders.id, orderId),
        sql`(${orders.providerLeaseUntil} is null or ${orders.providerLeaseUntil} < now())`,
      ),
    )
    .returning();
  return leased;
}

/** Keeps a lease we hold alive while a provider call is still running. */
export async function renewProviderLease(db: Db, orderId: string, seconds: number): Promise<void> {
  await db
    .update(orders)
    .set({ providerLeaseUntil: sql`now() + ${seconds} * interval '1 second'` })
    .where(eq(orders.id, orderId));
}

/**
 * Renews the lease every third of its length until `work` settles, so a
 * live caller keeps it however slow the provider is, and a caller that
 * died (killed, crashed) loses it within one lease length; then releases it.
 */
export async function whileLeased<T>(
  db: Db,
  orderId: string,
  seconds: number,
  work: () => Promise<T>,
): Promise<T> {
  // The release waits for a renewal still in flight: landing after it, that
  // renewal would hold the lease for a caller that has finished.
  let renewing = Promise.resolve();
  const heartbeat = setInterval(
    () => {
      renewing = renewing.then(() =>
        renewProviderLease(db, orderId, seconds).catch(() => undefined),
      );
    },
    (seconds * 1000) / 3,
  );
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
    await renewing;
    await releaseProviderLease(db, orderId);
  }
}

async function releaseProviderLease(db: Db, orderId: string): Promise<void> {
  await db.update(orders).set({ providerLeaseUntil: null }).where(eq(orders.id, orderId));
}
