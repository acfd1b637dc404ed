/**
 * Orders in the database. Every state change goes through `transition`,
 * which checks the state it expects (so two workers cannot both move the
 * same order) and writes the order event in the same transaction.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batches, discountCodes, orderEvents, orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderStatus = OrderRow['status'];
export type { Db };

export const OPEN_STATUSES: OrderStatus[] = ['pending', 'awaiting_payment'];

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function findOrderByProviderReference(
  db: Db,
  rail: OrderRow['rail'],
  reference: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.rail, rail), eq(orders.providerReference, reference)));
  return row;
}

export async function findPaidOrder(
  db: Db,
  email: string,
  sku: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.email, email), eq(orders.workshopSku, sku), eq(orders.status, 'paid')));
  return row;
}

/** The buyer's open order for a workshop, locked for this transaction. */
export async function lockOpenOrder(
  db: Db,
  email: string,
  sku: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.email, email),
        eq(orders.workshopSku, sku),
        inArray(orders.status, OPEN_STATUSES),
      ),
    )
    .for('update');
  return row;
}

/** The newest order of a buyer on a rail, for "what happened to my payment?". */
export async function findLatestOrder(
  db: Db,
  email: string,
  rail: OrderRow['rail'],
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.email, email), eq(orders.rail, rail)))
    .orderBy(sql`${orders.createdAt} desc`)
    .limit(1);
  return row;
}

export async function transition(
  db: Db,
  order: Pick<OrderRow, 'id' | 'status'>,
  to: OrderStatus,
  reason: string,
  changes: Partial<NewOrder> = {},
): Promise<OrderRow | undefined> {
  const [updated] = await db
    .update(orders)
    .set({ ...changes, status: to, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!updated) return undefined;
  await db
    .insert(orderEvents)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: to, reason });
  return updated;
}

export async function recordOrderEvent(db: Db, order: OrderRow, reason: string): Promise<void> {
  await db
    .insert(orderEvents)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: order.status, reason });
}

export async function updateOrder(
  db: Db,
  id: string,
  changes: Partial<NewOrder>,
): Promise<OrderRow | undefined> {
  const [updated] = await db
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning();
  return updated;
}

// ── Holds: a seat and a discount-code use, taken and given back atomically ──

export type HoldRefusal = 'batch-unavailable' | 'discount-used-up';

/** Takes a seat; fails when the batch is closed or full. Two racing buyers cannot both get the last seat. */
export async function takeSeat(db: Db, batchId: string): Promise<boolean> {
  const taken = await db
    .update(batches)
    .set({ seatsTaken: sql`${batches.seatsTaken} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(batches.id, batchId),
        eq(batches.status, 'open'),
        sql`${batches.seatsTaken} < ${batches.seatCapacity}`,
      ),
    )
    .returning({ id: batches.id });
  return taken.length === 1;
}

/** Takes one use of a code; fails when it is used up. */
export async function takeDiscountUse(db: Db, code: string): Promise<boolean> {
  const taken = await db
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(discountCodes.code, code),
        sql`(${discountCodes.maxUses} is null or ${discountCodes.uses} < ${discountCodes.maxUses})`,
      ),
    )
    .returning({ code: discountCodes.code });
  return taken.length === 1;
}

/** Gives back the order's seat and code use, once. */
export async function releaseHolds(db: Db, order: OrderRow): Promise<void> {
  const [released] = await db
    .update(orders)
    .set({ holdsReserved: false })
    .where(and(eq(orders.id, order.id), eq(orders.holdsReserved, true)))
    .returning({ id: orders.id });
  if (!released) return;
  await db
    .update(batches)
    .set({ seatsTaken: sql`greatest(${batches.seatsTaken} - 1, 0)`, updatedAt: sql`now()` })
    .where(eq(batches.id, order.batchId));
  if (order.discountCode) {
    await db
      .update(discountCodes)
      .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)`, updatedAt: sql`now()` })
      .where(eq(discountCodes.code, order.discountCode));
  }
}

/** Takes the holds again for an order that had given them back (a late payment). */
export async function retakeHolds(db: Db, order: OrderRow): Promise<boolean> {
  if (order.holdsReserved) return true;
  if (!(await takeSeatIgnoringStatus(db, order.batchId))) return false;
  if (order.discountCode) {
    await db
      .update(discountCodes)
      .set({ uses: sql`${discountCodes.uses} + 1` })
      .where(
        and(
          eq(discountCodes.code, order.discountCode),
          sql`(${discountCodes.maxUses} is null or ${discountCodes.uses} < ${discountCodes.maxUses})`,
        ),
      );
  }
  await db.update(orders).set({ holdsReserved: true }).where(eq(orders.id, order.id));
  return true;
}

/** A paid buyer keeps their seat even if the seller closed the batch meanwhile; capacity still holds. */
async function takeSeatIgnoringStatus(db: Db, batchId: string): Promise<boolean> {
  const taken = await db
    .update(batches)
    .set({ seatsTaken: sql`${batches.seatsTaken} + 1`, updatedAt: sql`now()` })
    .where(and(eq(batches.id, batchId), sql`${batches.seatsTaken} < ${batches.seatCapacity}`))
    .returning({ id: batches.id });
  return taken.length === 1;
}

// ── Claiming work for the reconciler (many instances, no double work) ──────

/**
 * Claims up to `limit` orders due for a provider check: their next check
 * moves `leaseSeconds` ahead, so another instance skips them meanwhile.
 */
export async function claimDueOrders(
  db: Db,
  limit: number,
  leaseSeconds: number,
): Promise<OrderRow[]> {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(lte(orders.nextCheckAt, sql`now()`))
    .orderBy(orders.nextCheckAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(orders)
    .set({ nextCheckAt: sql`now() + ${leaseSeconds} * interval '1 second'` })
    .where(inArray(orders.id, due))
    .returning();
}

// ── The provider lease: one caller talks to the provider about an order ─────

export async function acquireProviderLease(
  db: Db,
  orderId: string,
  seconds: number,
): Promise<boolean> {
  const acquired = await db
    .update(orders)
    .set({ providerLeaseUntil: sql`now() + ${seconds} * interval '1 second'` })
    .where(
      and(
        eq(orders.id, orderId),
        sql`(${orders.providerLeaseUntil} is null or ${orders.providerLeaseUntil} < now())`,
      ),
    )
    .returning({ id: orders.id });
  return acquired.length === 1;
}

export async function releaseProviderLease(db: Db, orderId: string): Promise<void> {
  await db.update(orders).set({ providerLeaseUntil: null }).where(eq(orders.id, orderId));
}
