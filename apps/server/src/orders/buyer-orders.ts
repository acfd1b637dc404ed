/**
 * "My orders": every order of the signed-in address, newest first, each
 * with its state in the buyer's words, its policy and what the buyer may do
 * with it now. A buyer has a handful of orders, so each is read on its own.
 */
import type { BuyerOrder } from '@wifi7/contract';
import { desc, eq } from 'drizzle-orm';
import { findBatch } from '../catalog/repository';
import { scheduledSessions } from '../catalog/schedule';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { buyerChoices, buyerStateOf, policyTermsOf } from './buyer-rules';
import { listMoveTargets } from './buyer-targets';
import { orderFacts } from './commands/rules';
import type { OrderRow } from './repository';
import { findSeats } from './seats';

/** Orders that never reached the buyer (a create the provider refused before any invoice) are left out. */
const shownToBuyer = (order: OrderRow) => order.status !== 'pending' || order.paymentUrl !== null;

export async function listBuyerOrders(db: Db, email: string, now: Date): Promise<BuyerOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.email, email))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(50);
  return Promise.all(rows.filter(shownToBuyer).map((order) => buyerOrderOf(db, order, now)));
}

async function buyerOrderOf(db: Db, order: OrderRow, now: Date): Promise<BuyerOrder> {
  const [facts, batch] = await Promise.all([orderFacts(db, order), findBatch(db, order.batchId)]);
  const sessions = batch ? scheduledSessions(batch.sessionStarts, batch.sessionMinutes) : [];
  const choices = batch
    ? buyerChoices(order, facts, batch, now)
    : { cancel: null, move: null, notOffered: [] };
  const awaiting = order.status === 'awaiting_payment';
  const targets = choices.move ? await listMoveTargets(db, order, now) : [];
  return {
    orderId: order.id,
    workshopName: order.workshopName,
    batchId: order.batchId,
    batchDescription: order.batchDescription,
    sessions,
    rail: order.rail,
    currency: order.currency,
    totalMinor: order.totalMinor,
    refundedMinor: facts.refundedMinor,
    state: buyerStateOf(order, facts),
    placedAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    payableUntil: awaiting || order.status === 'pending' ? order.holdExpiresAt.toISOString() : null,
    paymentUrl: awaiting && order.rail === 'zoho_link' ? order.paymentUrl : null,
    policyTerms: policyTermsOf(order),
    resend: awaiting && order.providerReference !== null,
    cancel: choices.cancel && {
      until: choices.cancel.until?.toISOString() ?? null,
      refundMinor: choices.cancel.refundMinor,
    },
    move: choices.move && { until: choices.move.until.toISOString(), batches: targets },
    notOffered: choices.notOffered,
    groupOrder: order.groupOrder,
    seats: (await findSeats(db, order.id)).map((seat) => ({
      id: seat.id,
      number: seat.number,
      state: seat.state,
      attendee: seat.attendeeEmail
        ? {
            email: seat.attendeeEmail,
            firstName: seat.attendeeFirstName!,
            lastName: seat.attendeeLastName!,
          }
        : null,
      enrolled: false,
    })),
    names: null,
  };
}
