/**
 * The seller's order list: filtered by state, batch and rail, searched by
 * the buyer's e-mail address or the order id, newest first. The list pages
 * by number (indexes orders_status_created and orders_batch_created serve
 * the common filters); the CSV export walks the same filter in chunks with
 * a keyset cursor, so thousands of orders never sit in memory at once.
 */
import type { SellerOrderRow, SellerOrdersQuery } from '@wifi7/contract';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { batches, orders } from '../../../db/schema';
import { withAttention } from '../../../orders/attention';
import { paymentReferencesOf } from '../../../orders/money';

/** An order with what it asks of the seller now (orders/attention.ts). */
export type OrderRecord = typeof orders.$inferSelect & { attention: string | null };
/** An order with the references of the payments that reached it, as the seller reads them. */
export type PaidOrderRecord = OrderRecord & { paymentReferences: string[] };

export interface OrderFilter {
  state?: OrderRecord['status'] | undefined;
  batch?: string | undefined;
  rail?: OrderRecord['rail'] | undefined;
  q?: string | undefined;
}

/** `%` and `_` in what the seller typed are meant literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function whereOf(filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.state) conditions.push(eq(orders.status, filter.state));
  if (filter.batch) conditions.push(eq(orders.batchId, filter.batch));
  if (filter.rail) conditions.push(eq(orders.rail, filter.rail));
  const q = filter.q?.trim();
  if (q) conditions.push(or(eq(orders.id, q.toUpperCase()), ilike(orders.email, likePattern(q)))!);
  return and(...conditions);
}

export function toRow(order: OrderRecord): SellerOrderRow {
  return {
    id: order.id,
    email: order.email,
    name: `${order.billing.firstName} ${order.billing.lastName}`.trim(),
    batchId: order.batchId,
    batchDescription: order.batchDescription,
    rail: order.rail,
    currency: order.currency,
    totalMinor: order.totalMinor,
    discountCode: order.discountCode,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    updatedAt: order.updatedAt.toISOString(),
    needsAttention: order.attention !== null,
    seatCount: order.seatCount,
    groupOrder: order.groupOrder,
  };
}

export async function listOrders(db: Db, query: SellerOrdersQuery) {
  const where = whereOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return {
    items: (await withAttention(db, rows)).map(toRow),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}

/**
 * Every order matching the filter, newest first, fetched `chunk` at a
 * time. The cursor is the last row's creation time as Postgres writes it
 * (microseconds, which a JavaScript Date would cut) and its id.
 */
export async function* eachOrder(db: Db, filter: OrderFilter, chunk = 500) {
  let cursor: { createdAt: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({ order: orders, createdAtText: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .where(
        and(
          whereOf(filter),
          cursor
            ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
            : undefined,
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(chunk);
    const withItems = await withAttention(
      db,
      rows.map((row) => row.order),
    );
    const references = await paymentReferencesOf(
      db,
      rows.map((row) => row.order.id),
    );
    for (const order of withItems)
      yield { ...order, paymentReferences: references.get(order.id) ?? [] };
    const last = rows.at(-1);
    if (!last || rows.length < chunk) return;
    cursor = { createdAt: last.createdAtText, id: last.order.id };
  }
}

/** Every batch, for the list's filter and the "move to another batch" choice. */
export async function listBatchChoices(db: Db) {
  const rows = await db
    .select()
    .from(batches)
    .orderBy(asc(batches.workshopSku), asc(batches.startsOn), asc(batches.id));
  return {
    batches: rows.map((batch) => ({
      id: batch.id,
      workshopSku: batch.workshopSku,
      description: batch.description,
      startsOn: batch.startsOn,
      status: batch.status,
      seatsTaken: batch.seatsTaken,
      seatCapacity: batch.seatCapacity,
    })),
  };
}
