/**
 * An open order's holds: its seat and its discount-code use, taken and
 * given back with conditional updates, so two buyers racing for the last
 * seat or the last use cannot both win, and nothing is given back twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { batches, discountCodes, orderSeats, orders } from '../db/schema';
import { releaseSeats } from './seats';

// The order's row as the table holds it: holds are below the orders module and read no more.
type OrderRow = typeof orders.$inferSelect;

/**
 * Takes `count` seats at once, or none: fails when the batch is closed or has fewer free. Two
 * racing buyers cannot both get the last seats, and an order for 5 when 4 are free takes none.
 * A paid buyer keeps their seats even if the seller closed the batch meanwhile
 * (`evenIfClosed`); capacity still holds.
 */
export async function takeSeat(
  db: Db,
  batchId: string,
  { evenIfClosed = false, count = 1 } = {},
): Promise<boolean> {
  if (count === 0) return true;
  const taken = await db
    .update(batches)
    .set({ seatsTaken: sql`${batches.seatsTaken} + ${count}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(batches.id, batchId),
        evenIfClosed ? undefined : eq(batches.status, 'open'),
        sql`${batches.seatsTaken} + ${count} <= ${batches.seatCapacity}`,
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

/**
 * How many seats an order holds in its batch while it holds any: all it
 * bought but those the seller gave back one by one (cancelled or refunded).
 */
export async function seatsHeld(db: Db, order: OrderRow): Promise<number> {
  const [row] = await db
    .select({ givenBack: sql<number>`count(*)::int` })
    .from(orderSeats)
    .where(and(eq(orderSeats.orderId, order.id), sql`${orderSeats.state} <> 'active'`));
  return Math.max(order.seatCount - (row?.givenBack ?? 0), 0);
}

/** Gives back the order's seats and code use, once. */
export async function releaseHolds(db: Db, order: OrderRow): Promise<void> {
  const [released] = await db
    .update(orders)
    .set({ holdsReserved: false })
    .where(and(eq(orders.id, order.id), eq(orders.holdsReserved, true)))
    .returning({ id: orders.id });
  if (!released) return;
  // To the first in the batch's waitlist when someone waits (seats.ts), else to anyone.
  await releaseSeats(db, order.batchId, await seatsHeld(db, order));
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
  const count = await seatsHeld(db, order);
  if (!(await takeSeat(db, order.batchId, { evenIfClosed: true, count }))) return false;
  if (order.discountCode) await takeDiscountUse(db, order.discountCode);
  await db.update(orders).set({ holdsReserved: true }).where(eq(orders.id, order.id));
  return true;
}
