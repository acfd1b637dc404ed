/** What a buyer has bought: the batches of their paid orders. */
import { batchCalendarPath, type MyEnrolmentsResponse } from '@wifi7/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { batches, orders } from '../../db/schema';

/**
 * The batches an address holds a paid order for (refunded, cancelled and
 * expired orders are not paid), in date order. The address is the verified
 * token's, lower-cased as orders store it.
 */
export async function listEnrolments(
  db: Database,
  email: string,
): Promise<MyEnrolmentsResponse['enrolments']> {
  const rows = await db
    .selectDistinct({
      productSku: orders.workshopSku,
      batchId: orders.batchId,
      startsOn: batches.startsOn,
    })
    .from(orders)
    .innerJoin(batches, eq(batches.id, orders.batchId))
    .where(and(eq(orders.email, email), eq(orders.status, 'paid')))
    .orderBy(asc(batches.startsOn), asc(orders.batchId));
  return rows.map(({ productSku, batchId }) => ({
    productSku,
    batchId,
    calendarPath: batchCalendarPath(batchId),
  }));
}
