/** What a buyer has bought: the batches of their paid orders, and of the seats they hold. */
import { batchCalendarPath, type MyEnrolmentsResponse } from '@wifi7/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { batches, orderSeats, orders } from '../../db/schema';

/**
 * The batches an address holds a paid order for (refunded, cancelled and
 * expired orders are not paid), or a named, active seat of a paid company
 * order, in date order. The address is the verified token's, lower-cased
 * as orders and seats store it.
 */
export async function listEnrolments(
  db: Database,
  email: string,
): Promise<MyEnrolmentsResponse['enrolments']> {
  const columns = {
    productSku: orders.workshopSku,
    batchId: orders.batchId,
    startsOn: batches.startsOn,
  };
  const [bought, held] = await Promise.all([
    db
      .selectDistinct(columns)
      .from(orders)
      .innerJoin(batches, eq(batches.id, orders.batchId))
      .where(and(eq(orders.email, email), eq(orders.status, 'paid'))),
    db
      .selectDistinct(columns)
      .from(orderSeats)
      .innerJoin(orders, eq(orders.id, orderSeats.orderId))
      .innerJoin(batches, eq(batches.id, orders.batchId))
      .where(
        and(
          eq(orderSeats.attendeeEmail, email),
          eq(orderSeats.state, 'active'),
          eq(orders.status, 'paid'),
        ),
      ),
  ]);
  const byBatch = new Map([...bought, ...held].map((row) => [row.batchId, row]));
  return [...byBatch.values()]
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn) || a.batchId.localeCompare(b.batchId))
    .map(({ productSku, batchId }) => ({
      productSku,
      batchId,
      calendarPath: batchCalendarPath(batchId),
    }));
}
