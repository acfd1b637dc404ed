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
import { actionStates, orderFacts, type OrderFacts } from '../../../orders/commands/rules';
import type { OrderRow } from '../../../orders/repository';
import { sellerSeatActions, shareOf } from '../../../orders/seat-rules';
import { attendeeOf, findSeats, handedOff, seatHandoffKey } from '../../../orders/seats';
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
    seats: await sellerSeats(db, order, facts),
    timeline,
  };
}

/** Each seat with its share, where its holder's hand-off stands and what may be done to it alone. */
async function sellerSeats(
  db: Db,
  order: OrderRow,
  facts: OrderFacts,
): Promise<SellerOrderDetail['seats']> {
  const [seats, people] = await Promise.all([findSeats(db, order.id), handedOff(db, order.id)]);
  const active = seats.filter((seat) => seat.state === 'active').length;
  return seats.map((seat) => {
    const person = people.get(order.groupOrder ? seatHandoffKey(seat) : '');
    return {
      id: seat.id,
      number: seat.number,
      state: seat.state,
      attendee: attendeeOf(seat),
      enrolled: person?.created ?? false,
      shareMinor: shareOf(order, seat),
      handoff: seatHandoffState(person),
      actions: sellerSeatActions(order, facts, seat, active),
    };
  });
}

function seatHandoffState(
  person: { created: boolean; revoked: boolean; delivered: boolean; failing: boolean } | undefined,
): SellerOrderDetail['seats'][number]['handoff'] {
  if (!person?.created) return 'none';
  if (person.failing) return 'failing';
  if (!person.delivered) return 'waiting';
  return person.revoked ? 'revoked' : 'delivered';
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
