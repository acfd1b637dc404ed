/**
 * "My orders": every order of the signed-in address, newest first, each
 * with its state in the buyer's words, its policy and what the buyer may do
 * with it now. A buyer has a handful of orders, so each is read on its own.
 */
import { SEAT_INVITE_PAGE, type BuyerOrder, type GroupSales } from '@wifi7/contract';
import { desc, eq } from 'drizzle-orm';
import { findBatch } from '../catalog/repository';
import { scheduledSessions } from '../catalog/schedule';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { buyerChoices, buyerStateOf, policyTermsOf } from './buyer-rules';
import { listMoveTargets } from './buyer-targets';
import { orderFacts } from './commands/rules';
import type { OrderRow } from './repository';
import { namesRefusal, namesUntil } from './seat-rules';
import { attendeeOf, findSeats, handedOff, seatHandoffKey } from './seats';
import { currentGroupSales } from '../catalog/group-sales';

/** Orders that never reached the buyer (a create the provider refused before any invoice) are left out. */
const shownToBuyer = (order: OrderRow) => order.status !== 'pending' || order.paymentUrl !== null;

/** Where an open seat's invite link opens. */
export const inviteUrlOf = (siteUrl: string, code: string) =>
  `${siteUrl}${SEAT_INVITE_PAGE}?code=${encodeURIComponent(code)}`;

export async function listBuyerOrders(
  db: Db,
  email: string,
  now: Date,
  siteUrl: string,
): Promise<BuyerOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.email, email))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(50);
  const settings = await currentGroupSales(db);
  return Promise.all(
    rows.filter(shownToBuyer).map((order) => buyerOrderOf(db, order, now, siteUrl, settings)),
  );
}

async function buyerOrderOf(
  db: Db,
  order: OrderRow,
  now: Date,
  siteUrl: string,
  settings: GroupSales,
): Promise<BuyerOrder> {
  const [facts, batch] = await Promise.all([orderFacts(db, order), findBatch(db, order.batchId)]);
  const sessions = batch ? scheduledSessions(batch.sessionStarts, batch.sessionMinutes) : [];
  const choices = batch
    ? buyerChoices(order, facts, batch, now)
    : { cancel: null, move: null, notOffered: [] };
  const awaiting = order.status === 'awaiting_payment';
  const targets = choices.move ? await listMoveTargets(db, order, now) : [];
  const [seats, people] = await Promise.all([findSeats(db, order.id), handedOff(db, order.id)]);
  // A company order's seats may be named until the seller's cut-off; the spec's order has none.
  const until = batch && order.groupOrder ? namesUntil(batch, settings) : null;
  const namesClosed = until && namesRefusal(order, until, now);
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
    notOffered: [...choices.notOffered, ...(namesClosed ? [namesClosed] : [])],
    groupOrder: order.groupOrder,
    seats: seats.map((seat) => ({
      id: seat.id,
      number: seat.number,
      state: seat.state,
      attendee: attendeeOf(seat),
      inviteUrl:
        seat.state === 'active' && seat.inviteCode ? inviteUrlOf(siteUrl, seat.inviteCode) : null,
      enrolled: people.get(order.groupOrder ? seatHandoffKey(seat) : '')?.created ?? false,
    })),
    names: until && !namesClosed ? { until: until.toISOString() } : null,
  };
}
