/**
 * What the seller's rules need to know of an order beyond its row: its
 * money (payments and refunds), how many hand-off messages still wait for
 * the courses portal, and what it asks of the seller.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portalHandoffs } from '../../db/schema';
import { orderAttention } from '../attention';
import { balance, orderMoney } from '../money';
import type { OrderRow } from '../repository';
import type { OrderFacts } from './rules';

export async function undeliveredHandoffCount(db: Db, orderId: string): Promise<number> {
  const rows = await db
    .select({ id: portalHandoffs.id })
    .from(portalHandoffs)
    .where(and(eq(portalHandoffs.orderId, orderId), isNull(portalHandoffs.deliveredAt)));
  return rows.length;
}

export async function orderFacts(db: Db, order: OrderRow): Promise<OrderFacts> {
  const [money, undeliveredHandoffs, attention] = await Promise.all([
    orderMoney(db, order.id),
    undeliveredHandoffCount(db, order.id),
    orderAttention(db, order.id),
  ]);
  return { ...balance(order, money), undeliveredHandoffs, attention };
}
