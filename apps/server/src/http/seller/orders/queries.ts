/**
 * The seller's order list: filtered by state, batch, rail and kind (company
 * purchases or single seats), searched by the buyer's or an attendee's
 * e-mail address or the order id, newest first. The list pages by number
 * (indexes orders_status_created and orders_batch_created serve the common
 * filters); the CSV export walks the same filter in chunks with a keyset
 * cursor, so thousands of orders never sit in memory at once, and reads
 * the seats of one chunk at a time when it lists seats.
 */
import type { SellerOrderRow, SellerOrdersQuery } from '@wifi7/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { batches, orderSeats, orders, portalHandoffs } from '../../../db/schema';
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
  kind?: 'single' | 'group' | undefined;
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
  if (filter.kind) conditions.push(eq(orders.groupOrder, filter.kind === 'group'));
  const q = filter.q?.trim();
  if (q)
    conditions.push(
      or(eq(orders.id, q.toUpperCase()), ilike(orders.email, likePattern(q)), attendeeMatches(q))!,
    );
  return and(...conditions);
}

/**
 * Any seat of the order names an attendee whose address contains `q`: a
 * company's order is found by the people it sent, not only by who bought it.
 */
function attendeeMatches(q: string): SQL {
  return sql`exists (select 1 from ${orderSeats} where ${orderSeats.orderId} = ${orders.id} and ${orderSeats.attendeeEmail} ilike ${likePattern(q)})`;
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
  for await (const chunkOrders of eachOrderChunk(db, filter, chunk)) yield* chunkOrders;
}

/** The same orders, a chunk at a time (what the per-seat export reads the seats of). */
async function* eachOrderChunk(
  db: Db,
  filter: OrderFilter,
  chunk: number,
): AsyncGenerator<PaidOrderRecord[]> {
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
    yield withItems.map((order) => ({
      ...order,
      paymentReferences: references.get(order.id) ?? [],
    }));
    const last = rows.at(-1);
    if (!last || rows.length < chunk) return;
    cursor = { createdAt: last.createdAtText, id: last.order.id };
  }
}

/** One seat of an order, as the per-seat export lists it. */
export interface SeatRecord {
  number: number;
  state: (typeof orderSeats.$inferSelect)['state'];
  attendeeEmail: string | null;
  attendeeFirstName: string | null;
  attendeeLastName: string | null;
  /** The portal was handed the seat's present holder (an `enrollment.created` was written). */
  enrolled: boolean;
}

/**
 * Whether the seat's present holder was handed to the portal: a company
 * order's hand-offs name the seat and holder (`seat-<number>-<holder>`);
 * the spec's single seat is its order's one enrolment (no dedupe key).
 */
const holderHandedOff = sql<boolean>`${orderSeats.holder} > 0 and exists (
  select 1 from ${portalHandoffs}
  where ${portalHandoffs.orderId} = ${orderSeats.orderId}
    and ${portalHandoffs.kind} = 'enrollment.created'
    and (${portalHandoffs.dedupeKey} = 'seat-' || ${orderSeats.number} || '-' || ${orderSeats.holder}
      or (${portalHandoffs.dedupeKey} = '' and not ${orders.groupOrder})))`;

/**
 * Every seat of every order matching the filter, with its order: orders
 * newest first, seats by number. Fewer orders per chunk than the orders'
 * export, as each brings up to SEATS_PER_ORDER_LIMIT seats.
 */
export async function* eachSeat(db: Db, filter: OrderFilter, chunk = 100) {
  for await (const chunkOrders of eachOrderChunk(db, filter, chunk)) {
    if (chunkOrders.length === 0) continue;
    const rows = await db
      .select({
        orderId: orderSeats.orderId,
        number: orderSeats.number,
        state: orderSeats.state,
        attendeeEmail: orderSeats.attendeeEmail,
        attendeeFirstName: orderSeats.attendeeFirstName,
        attendeeLastName: orderSeats.attendeeLastName,
        enrolled: holderHandedOff,
      })
      .from(orderSeats)
      .innerJoin(orders, eq(orders.id, orderSeats.orderId))
      .where(
        inArray(
          orderSeats.orderId,
          chunkOrders.map((order) => order.id),
        ),
      )
      .orderBy(asc(orderSeats.orderId), asc(orderSeats.number));
    const seatsOf = new Map<string, SeatRecord[]>();
    for (const { orderId, enrolled, ...seat } of rows) {
      const seats = seatsOf.get(orderId) ?? [];
      seats.push({ ...seat, enrolled: enrolled === true });
      seatsOf.set(orderId, seats);
    }
    for (const order of chunkOrders)
      for (const seat of seatsOf.get(order.id) ?? []) yield { order, seat };
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
