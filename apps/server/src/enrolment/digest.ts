/**
 * The sellers' daily digest: yesterday's orders (Pacific calendar day) by
 * state, the money paid that day per currency, and the seats left in every
 * open batch, collected from the database (digest-message.tsx writes it).
 */
import { pacificDayBounds, type Currency, type OrderStatus } from '@wifi7/contract';
import { and, asc, count, eq, gte, inArray, lt, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, batches, orders, workshops } from '../db/schema';

export interface DigestFigures {
  /** The Pacific calendar date the order figures cover, `YYYY-MM-DD`. */
  day: string;
  /** Orders placed that day, by the state they are in now. */
  ordersByStatus: { status: OrderStatus; count: number }[];
  /** Orders paid that day (and not refunded since), per currency. */
  revenue: { currency: Currency; totalMinor: number; orders: number }[];
  openBatches: {
    id: string;
    description: string;
    seatCapacity: number;
    seatsTaken: number;
  }[];
  /** What buyers changed on their own orders that day (My orders), oldest first. */
  buyerChanges: { orderId: string; email: string; message: string }[];
}

/** The buyers' actions a seller reads about: a resend changes nothing. */
const BUYER_CHANGES = ['order.cancel', 'order.refund', 'order.move-batch'];

export async function collectDigest(db: Db, day: string): Promise<DigestFigures> {
  const { from, to } = pacificDayBounds(day);
  const [ordersByStatus, revenue, openBatches, changes] = await Promise.all([
    db
      .select({ status: orders.status, count: count() })
      .from(orders)
      .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)))
      .groupBy(orders.status)
      .orderBy(orders.status),
    db
      .select({
        currency: orders.currency,
        totalMinor: sum(orders.totalMinor).mapWith(Number),
        orders: count(),
      })
      .from(orders)
      .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, from), lt(orders.paidAt, to)))
      .groupBy(orders.currency)
      .orderBy(orders.currency),
    db
      .select({
        id: batches.id,
        description: batches.description,
        seatCapacity: batches.seatCapacity,
        seatsTaken: batches.seatsTaken,
      })
      .from(batches)
      .innerJoin(workshops, eq(workshops.sku, batches.workshopSku))
      .where(and(eq(batches.status, 'open'), eq(workshops.active, true)))
      .orderBy(asc(batches.startsOn), asc(batches.id)),
    db
      .select({ orderId: auditLog.targetId, email: auditLog.actorEmail, after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorRole, 'buyer'),
          inArray(auditLog.action, BUYER_CHANGES),
          gte(auditLog.createdAt, from),
          lt(auditLog.createdAt, to),
        ),
      )
      .orderBy(asc(auditLog.id)),
  ]);
  const buyerChanges = changes.flatMap(({ orderId, email, after }) => {
    const outcome = after as { message?: unknown; refusedWith?: unknown } | null;
    if (typeof outcome?.message !== 'string' || outcome.refusedWith !== undefined) return [];
    return [{ orderId, email, message: outcome.message }];
  });
  return { day, ordersByStatus, revenue, openBatches, buyerChanges };
}
