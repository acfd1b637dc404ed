/**
 * What the seller's rules need to know of an order beyond its row: how much
 * the back office has refunded (the refunds are in the audit log, one entry
 * each), how many hand-off messages still wait for the courses portal, and
 * what it asks of the seller.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portalHandoffs, sellerAudit } from '../../db/schema';
import { orderAttention } from './attention';
import type { OrderFacts } from './seller-rules';

/** The refunds made through the back office for an order, in minor units. */
export async function refundedThroughBackOffice(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({
      value:
        sql<number>`coalesce(sum((${sellerAudit.after} ->> 'amountMinor')::bigint), 0)`.mapWith(
          Number,
        ),
    })
    .from(sellerAudit)
    .where(
      and(
        eq(sellerAudit.targetType, 'order'),
        eq(sellerAudit.targetId, orderId),
        eq(sellerAudit.action, 'order.refund'),
      ),
    );
  return row?.value ?? 0;
}

export async function undeliveredHandoffCount(db: Db, orderId: string): Promise<number> {
  const rows = await db
    .select({ id: portalHandoffs.id })
    .from(portalHandoffs)
    .where(and(eq(portalHandoffs.orderId, orderId), isNull(portalHandoffs.deliveredAt)));
  return rows.length;
}

export async function orderFacts(db: Db, orderId: string): Promise<OrderFacts> {
  const [refundedMinor, undeliveredHandoffs, attention] = await Promise.all([
    refundedThroughBackOffice(db, orderId),
    undeliveredHandoffCount(db, orderId),
    orderAttention(db, orderId),
  ]);
  return { refundedMinor, undeliveredHandoffs, attention };
}
