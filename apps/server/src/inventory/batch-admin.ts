/**
 * The seller's batches: listed with their seats, created, edited, opened
 * and closed. The back office and the command-line tool both call these,
 * so a change means the same wherever it is made. Every change runs in one
 * transaction with its audit entry, holding the batch's row, so a buyer
 * taking a seat meanwhile is counted before the capacity is judged.
 */
import {
  composeBatchDescription,
  regionOfDescription,
  sessionDate,
  type BatchStatus,
  type SellerBatch,
  type SellerBatchList,
  type sellerBatchCreateRequestSchema,
  type sellerBatchUpdateRequestSchema,
} from '@wifi7/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db } from '../db/client';
import { batches, orders, workshops } from '../db/schema';
import { type Actor, recordSellerAction } from '../core/audit';
import { offerFreeSeats } from './seats';
import { conflict, notFound, refuseUnknownWorkshop, unprocessable } from '../catalog/change-errors';

export type BatchChanges = z.output<typeof sellerBatchUpdateRequestSchema>;
export type NewBatch = z.output<typeof sellerBatchCreateRequestSchema>;

type BatchRow = typeof batches.$inferSelect;

/** Open orders hold a seat; paid ones keep it. Anything else holding one counts as taken only. */
function seatCounts(db: Db) {
  return db
    .select({
      batchId: orders.batchId,
      sold: sql<number>`(count(*) filter (where ${orders.status} = 'paid'))::int`.as('sold'),
      held: sql<number>`(count(*) filter (where ${orders.status} in ('pending', 'awaiting_payment')))::int`.as(
        'held',
      ),
    })
    .from(orders)
    .where(eq(orders.holdsReserved, true))
    .groupBy(orders.batchId)
    .as('seat_counts');
}

async function selectBatches(db: Db, ids?: string[]): Promise<SellerBatch[]> {
  const counts = seatCounts(db);
  const rows = await db
    .select({
      batch: batches,
      workshopName: workshops.name,
      sold: counts.sold,
      held: counts.held,
    })
    .from(batches)
    .innerJoin(workshops, eq(workshops.sku, batches.workshopSku))
    .leftJoin(counts, eq(counts.batchId, batches.id))
    .where(ids ? inArray(batches.id, ids) : undefined)
    .orderBy(asc(batches.startsOn), asc(batches.id));
  return rows.map(({ batch, workshopName, sold, held }) =>
    toSellerBatch(batch, workshopName, sold ?? 0, held ?? 0),
  );
}

/** What the audit log keeps of a batch: what a seller can change. */
function auditView(batch: BatchRow) {
  return {
    description: batch.description,
    startsOn: batch.startsOn,
    sessionStarts: batch.sessionStarts,
    sessionMinutes: batch.sessionMinutes,
    seatCapacity: batch.seatCapacity,
    status: batch.status,
  };
}

function toSellerBatch(
  batch: BatchRow,
  workshopName: string,
  sold: number,
  held: number,
): SellerBatch {
  return {
    id: batch.id,
    workshopSku: batch.workshopSku,
    workshopName,
    ...auditView(batch),
    region: regionOfDescription(batch.description),
    seats: {
      sold,
      held,
      taken: batch.seatsTaken,
      free: Math.max(batch.seatCapacity - batch.seatsTaken, 0),
    },
    updatedAt: batch.updatedAt.toISOString(),
  };
}

/** Every batch, by first session, with its seats, and the workshops a batch can belong to. */
export async function listBatchesForSeller(db: Db): Promise<SellerBatchList> {
  const [list, workshopRows] = await Promise.all([
    selectBatches(db),
    db
      .select({ sku: workshops.sku, name: workshops.name, active: workshops.active })
      .from(workshops)
      .orderBy(asc(workshops.position), asc(workshops.sku)),
  ]);
  return { batches: list, workshops: workshopRows };
}

export async function findSellerBatch(db: Db, batchId: string): Promise<SellerBatch | undefined> {
  const [batch] = await selectBatches(db, [batchId]);
  return batch;
}

/** A batch's columns as the seller's fields make them (the description from region and sessions). */
function batchColumns(changes: BatchChanges) {
  const description = composeBatchDescription(
    changes.region,
    changes.sessionStarts,
    changes.sessionMinutes,
  );
  // The request schema has checked the sessions; this is only the type's sake.
  if (!description) throw unprocessable('The sessions do not make a batch.');
  return {
    description,
    startsOn: sessionDate(changes.sessionStarts[0]!),
    sessionStarts: changes.sessionStarts,
    sessionMinutes: changes.sessionMinutes,
    seatCapacity: changes.seatCapacity,
    status: changes.status,
  };
}

function refuseCapacityBelowTaken(capacity: number, taken: number) {
  if (capacity < taken) {
    throw conflict(
      `${taken} seat${taken === 1 ? ' is' : 's are'} sold or held in this batch, so its capacity cannot go below ${taken}.`,
    );
  }
}

async function lockBatch(tx: Db, batchId: string): Promise<BatchRow> {
  const [row] = await tx.select().from(batches).where(eq(batches.id, batchId)).for('update');
  if (!row) throw notFound(`There is no batch ${batchId}.`);
  return row;
}

export async function createBatch(
  db: Database,
  actor: Actor,
  input: NewBatch,
): Promise<SellerBatch> {
  const columns = batchColumns(input);
  await db.transaction(async (tx) => {
    await refuseUnknownWorkshop(tx, input.workshopSku);
    const [created] = await tx
      .insert(batches)
      .values({ id: input.id, workshopSku: input.workshopSku, ...columns })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(`A batch with the id ${input.id} already exists.`);
    await recordSellerAction(tx, {
      sellerEmail: actor,
      action: 'batch.create',
      targetType: 'batch',
      targetId: created.id,
      after: { workshopSku: created.workshopSku, ...auditView(created) },
      note: input.note ?? null,
    });
  });
  return (await findSellerBatch(db, input.id))!;
}

/**
 * Changes a batch's region (hence description), sessions, capacity and
 * status. The capacity never goes below the seats sold or held.
 */
export async function updateBatch(
  db: Database,
  actor: Actor,
  batchId: string,
  changes: BatchChanges,
): Promise<SellerBatch> {
  const columns = batchColumns(changes);
  await db.transaction(async (tx) => {
    const before = await lockBatch(tx, batchId);
    refuseCapacityBelowTaken(changes.seatCapacity, before.seatsTaken);
    const [after] = await tx
      .update(batches)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(and(eq(batches.id, batchId), sql`${batches.seatsTaken} <= ${changes.seatCapacity}`))
      .returning();
    await recordSellerAction(tx, {
      sellerEmail: actor,
      action: 'batch.update',
      targetType: 'batch',
      targetId: batchId,
      before: auditView(before),
      after: auditView(after!),
      note: changes.note ?? null,
    });
    // Seats the change freed (more capacity, reopened) go to those waiting first.
    await offerFreeSeats(tx, batchId);
  });
  return (await findSellerBatch(db, batchId))!;
}

/** Opens or closes registration for a batch; closing the last open one closes registration. */
export async function setBatchStatus(
  db: Database,
  actor: Actor,
  batchId: string,
  status: BatchStatus,
  note?: string,
): Promise<SellerBatch> {
  await db.transaction(async (tx) => {
    const before = await lockBatch(tx, batchId);
    if (before.status === status) return;
    await tx
      .update(batches)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(batches.id, batchId));
    await recordSellerAction(tx, {
      sellerEmail: actor,
      action: status === 'open' ? 'batch.open' : 'batch.close',
      targetType: 'batch',
      targetId: batchId,
      before: { status: before.status },
      after: { status },
      note: note ?? null,
    });
    if (status === 'open') await offerFreeSeats(tx, batchId);
  });
  return (await findSellerBatch(db, batchId))!;
}
