/**
 * Orders in the database. Every state change goes through `transition`,
 * which checks the state it expects (so two workers cannot both move the
 * same order) and writes the order event in the same transaction. Rails
 * get a plain snapshot of a row (`toSnapshot`), never the row itself.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs, orderEvents, orders, orderStatus } from '../db/schema';
import type { OrderSnapshot, RailName } from './rail-port';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderStatus = OrderRow['status'];
export type { Db };

/** The job that is an order's next provider check (the reconciler's); its key is the order's id. */
export const ORDER_CHECK_JOB = 'order.check';

/**
 * An order's next provider check, which is its `order.check` job: due at
 * `nextCheckAt` (none when null), and, when given, with `checkAttempts`
 * checks made so far (they space the next ones out). `updateOrder` and
 * `transition` write it in the same statement as the order.
 */
export interface CheckChange {
  nextCheckAt?: Date | null;
  checkAttempts?: number;
}

export type OrderChanges = Partial<NewOrder> & CheckChange;

/** The statement that schedules (or ends) the checks of the orders whose ids `ids` selects. */
function checkStatement(ids: SQL, { nextCheckAt, checkAttempts }: CheckChange): SQL | undefined {
  if (nextCheckAt === undefined) return undefined;
  if (nextCheckAt === null) {
    return sql`update ${jobs} set done_at = now()
      where kind = ${ORDER_CHECK_JOB} and done_at is null and key in (${ids})`;
  }
  const attempts = sql`${checkAttempts ?? null}::int`;
  // One waiting check per order (the queue's key): a second schedule moves it.
  return sql`insert into ${jobs} (id, kind, key, run_at, attempts)
    select gen_random_uuid()::text, ${ORDER_CHECK_JOB}, due.id,
      ${nextCheckAt.toISOString()}::timestamptz, coalesce(${attempts}, 0)
    from (${ids}) as due(id)
    on conflict (kind, key) where done_at is null
    do update set run_at = excluded.run_at, attempts = coalesce(${attempts}, ${jobs}.attempts)`;
}

/** Schedules the order's next provider check, or ends it (`at` null). */
export async function scheduleCheck(
  db: Db,
  orderId: string,
  at: Date | null,
  checkAttempts?: number,
): Promise<void> {
  await db.execute(
    checkStatement(sql`select ${orderId}::text`, { nextCheckAt: at, checkAttempts })!,
  );
}

/** How many checks of the order were made, counting those that failed. */
export async function checksSoFar(db: Db, orderId: string): Promise<number> {
  const [check] = await db
    .select({ attempts: jobs.attempts })
    .from(jobs)
    .where(and(eq(jobs.kind, ORDER_CHECK_JOB), eq(jobs.key, orderId), isNull(jobs.doneAt)));
  return check?.attempts ?? 0;
}

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
    ...(row.groupOrder
      ? {
          group: {
            seats: row.seatCount,
            // Null only on orders from before seats, which had one seat at their subtotal.
            unitPriceMinor: row.unitPriceMinor ?? row.subtotalMinor / row.seatCount,
            volumeDiscountPercent: row.volumeDiscountPercent,
            invoiceEmail: row.invoiceEmail,
          },
        }
      : {}),
  };
}

/**
 * The first order `where` finds: locked for the rest of the transaction
 * (`lock`), or the newest of several (`newest`).
 */
async function firstOrder(
  db: Db,
  where: SQL | undefined,
  how: { lock?: boolean; newest?: boolean } = {},
): Promise<OrderRow | undefined> {
  let query = db.select().from(orders).where(where).$dynamic();
  if (how.newest) query = query.orderBy(desc(orders.createdAt));
  if (how.lock) query = query.for('update');
  const [row] = await query.limit(1);
  return row;
}

export function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return firstOrder(db, eq(orders.id, id));
}

/** The order, locked for the rest of this transaction. */
export function lockOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return firstOrder(db, eq(orders.id, id), { lock: true });
}

export async function insertOrder(db: Db, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
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
  const { providerReference } = reference;
  const byProvider = providerReference
    ? await firstOrder(
        db,
        and(eq(orders.rail, rail), eq(orders.providerReference, providerReference)),
      )
    : undefined;
  if (byProvider || !reference.orderId) return byProvider;
  const byId = await findOrder(db, reference.orderId);
  return byId?.rail === rail ? byId : undefined;
}

/** A buyer's orders for a workshop. */
const buyersOrders = (email: string, sku: string) =>
  and(eq(orders.email, email), eq(orders.workshopSku, sku));

/** The buyer's paid order of a seat for themselves (a company order is not one). */
export function findPaidOrder(db: Db, email: string, sku: string): Promise<OrderRow | undefined> {
  return firstOrder(
    db,
    and(buyersOrders(email, sku), eq(orders.status, 'paid'), eq(orders.groupOrder, false)),
  );
}

/** The buyer's open order for a workshop, locked for this transaction. */
export function lockOpenOrder(
  db: Db,
  email: string,
  sku: string,
  groupOrder = false,
): Promise<OrderRow | undefined> {
  return firstOrder(
    db,
    and(
      buyersOrders(email, sku),
      eq(orders.groupOrder, groupOrder),
      inArray(orders.status, OPEN_STATUSES),
    ),
    { lock: true },
  );
}

/** The newest order of a buyer on a rail, for "what happened to my payment?". */
export function findLatestOrder(
  db: Db,
  email: string,
  rail: RailName,
): Promise<OrderRow | undefined> {
  return firstOrder(db, and(eq(orders.email, email), eq(orders.rail, rail)), { newest: true });
}

export async function transition(
  db: Db,
  order: Pick<OrderRow, 'id' | 'status'>,
  to: OrderStatus,
  reason: string,
  changes: OrderChanges = {},
): Promise<OrderRow | undefined> {
  // The change, its event and its next check in one statement: all happen
  // or none (also outside a transaction), in one round trip.
  const { nextCheckAt, checkAttempts, ...fields } = changes;
  const updated = db.$with('updated').as(
    db
      .update(orders)
      .set({ ...fields, status: to, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning(),
  );
  const column = (name: string) => sql.identifier(name);
  const event = db.$with('event', {}).as(sql`
    insert into ${orderEvents} (${column(orderEvents.orderId.name)},
      ${column(orderEvents.fromStatus.name)}, ${column(orderEvents.toStatus.name)},
      ${column(orderEvents.reason.name)})
    select ${column(orders.id.name)}, ${order.status}::${column(orderStatus.enumName)},
      ${column(orders.status.name)}, ${reason}
    from ${column('updated')}`);
  const check = checkOf(db, { nextCheckAt, checkAttempts });
  const [changed] = await db
    .with(updated, event, ...check)
    .select()
    .from(updated);
  return changed;
}

/** The common table expression that moves the check of the order in `updated`, if any. */
function checkOf(db: Db, change: CheckChange) {
  const statement = checkStatement(sql`select id from updated`, change);
  return statement ? [db.$with('check', {}).as(statement)] : [];
}

export async function recordOrderEvent(db: Db, order: OrderRow, reason: string): Promise<void> {
  await db
    .insert(orderEvents)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: order.status, reason });
}

export async function updateOrder(
  db: Db,
  id: string,
  changes: OrderChanges,
): Promise<OrderRow | undefined> {
  const { nextCheckAt, checkAttempts, ...fields } = changes;
  const updated = db.$with('updated').as(
    db
      .update(orders)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(orders.id, id))
      .returning(),
  );
  const [changed] = await db
    .with(updated, ...checkOf(db, { nextCheckAt, checkAttempts }))
    .select()
    .from(updated);
  return changed;
}

/** As `updateOrder`, for a caller that needs nothing back: no row to read and parse. */
export async function setOrderFields(db: Db, id: string, changes: Partial<NewOrder>) {
  await db
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(orders.id, id));
}
