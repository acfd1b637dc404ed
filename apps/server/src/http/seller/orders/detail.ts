/**
 * One order as the seller's order page shows it: the order, where its
 * hand-off to the courses portal stands, which actions it allows now (the
 * same rules the actions check), and its timeline.
 */
import type { SellerOrderDetail } from '@wifi7/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders, portalHandoffs } from '../../../db/schema';
import { withAttention } from '../../../orders/attention';

import { actionStates, orderFacts } from '../../../orders/commands/rules';
import { toRow } from './queries';
import { orderTimeline } from './timeline';

export async function orderDetail(db: Db, orderId: string): Promise<SellerOrderDetail | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return undefined;
  const [order] = await withAttention(db, [row]);
  if (!order) return undefined;
  const [facts, handoffs] = await Promise.all([
    orderFacts(db, order),
    db.select().from(portalHandoffs).where(eq(portalHandoffs.orderId, order.id)),
  ]);
  const { paymentReferences } = facts;
  const timeline = await orderTimeline(db, { ...order, paymentReferences });
  return {
    order: {
      ...toRow(order),
      workshopSku: order.workshopSku,
      workshopName: order.workshopName,
      subtotalMinor: order.subtotalMinor,
      discountMinor: order.discountMinor,
      discountPercent: order.discountPercent,
      unitPriceMinor: order.unitPriceMinor ?? order.subtotalMinor,
      volumeDiscountPercent: order.volumeDiscountPercent,
      invoiceEmail: order.invoiceEmail,
      billing: order.billing,
      providerReference: order.providerReference,
      paymentUrl: order.paymentUrl,
      paymentReferences,
      attention: order.attention,
      holdExpiresAt: order.holdExpiresAt.toISOString(),
      lastProviderError: order.lastProviderError,
      refundedMinor: facts.refundedMinor,
    },
    handoff: handoffState(handoffs),
    actions: actionStates(order, facts),
    // Filled with each seat's hand-off and actions by the seat commands' rules.
    seats: [],
    timeline,
  };
}

function handoffState(
  handoffs: (typeof portalHandoffs.$inferSelect)[],
): SellerOrderDetail['handoff'] {
  const pending = handoffs.find((handoff) => !handoff.deliveredAt);
  if (pending) {
    return {
      state: pending.attempts > 0 ? 'failing' : 'waiting',
      attempts: pending.attempts,
      lastError: pending.lastError,
    };
  }
  const revoked = handoffs.find((handoff) => handoff.kind === 'enrollment.revoked');
  const latest = revoked ?? handoffs[0];
  if (!latest) return { state: 'none', attempts: 0, lastError: null };
  return { state: revoked ? 'revoked' : 'delivered', attempts: latest.attempts, lastError: null };
}
