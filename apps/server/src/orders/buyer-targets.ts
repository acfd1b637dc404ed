/**
 * The batches a buyer may move a paid order to: the workshop's other open
 * batches that have not started and have a free seat, in date order.
 */
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { batches } from '../db/schema';
import { firstSessionStart } from './buyer-rules';
import type { OrderRow } from './repository';

export interface MoveTarget {
  batchId: string;
  batchDescription: string;
}

export async function listMoveTargets(
  db: Db,
  order: Pick<OrderRow, 'workshopSku' | 'batchId'>,
  now: Date,
): Promise<MoveTarget[]> {
  const rows = await db
    .select()
    .from(batches)
    .where(
      and(
        eq(batches.workshopSku, order.workshopSku),
        eq(batches.status, 'open'),
        ne(batches.id, order.batchId),
        lt(batches.seatsTaken, sql`${batches.seatCapacity}`),
      ),
    )
    .orderBy(asc(batches.startsOn), asc(batches.id));
  return rows
    .filter((batch) => firstSessionStart(batch) > now)
    .map((batch) => ({ batchId: batch.id, batchDescription: batch.description }));
}
