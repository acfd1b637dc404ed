/**
 * Orders in the database. Every state change goes through `transition`,
 * which checks the state it expects (so two workers cannot both move the
 * same order) and writes the order event in the same transaction. Rails
 * get a plain snapshot of a row (`toSnapshot`), never the row itself.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import type { OrderSnapshot, RailName } from './rail-port';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderStatus = OrderRow['status'];
export type { Db };

export const OPEN_STATUSES: OrderStatus[] = ['pending', 'awaiting_payment'];

export function toSnapshot(row: OrderRow): OrderSnapshot {
  return {
    id: row.id,
    email: row.email,
    rail: row.rail,
    currency: row.currency,
    workshopSku: row.workshopSku,
    workshopName: row.workshopName,
    batchId: row.batchId,
    batchDescription: row.batchDescription,
    subtotalMinor: row.subtotalMinor,
    discountMinor: row.discountMinor,
    totalMinor: row.totalMinor,
    billing: { ...row.billing },
    invoiceNumber: row.invoiceNumber,
    providerReference: row.providerReference,
    unknownCreateSince: row.providerReference ? null : row.createAttemptedAt,
    holdExpiresAt: row.holdExpiresAt,
  };
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The order, locked for the rest of this transaction. */
export async function lockOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function insertOrder(db: Db, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function findOrderByProviderReference(
  db: Db,
  rail: RailName,
  reference: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.rail, rail), eq(orders.providerReference, reference)));
  return row;
}

/**
 * The order a provider's event is about: by the invoice or link id, or, for
 * a link whose create answer was lost, by our order id echoed back.
 */
export async function findOrderOnRail(
  db: Db,
  rail: RailName,
  reference: { providerReference?: string; orderId?: string },
): Promise<OrderRow | undefined> {
  const byProvider = reference.providerReference
    ? await findOrderByProviderReference(db, rail, reference.providerReference)
    : undefined;
  if (byProvider || !reference.orderId) return byProvider;
  const byId = await findOrder(db, reference.orderId);
  return byId?.rail === rail ? byId : undefined;
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
  rail: RailName,
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
