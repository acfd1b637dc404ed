/**
 * The seller gives back one seat of a paid company order alone: `refund`
 * gives its share (or less) back through the rail as a partial refund,
 * `cancel` gives nothing back; either way the seat is the order's no more,
 * its place in the batch is free and its holder is taken off the course.
 * The order's last seat is the whole order: its own command does it.
 */
import { releaseSeats } from '../../inventory/seats';
import { orderSeats } from '../../db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { setRefundState } from '../money';
import { recordOrderEvent } from '../repository';
import { sellerSeatRefusal, seatRefundMaxMinor, type SeatActionName } from '../seat-rules';
import { findSeats, type SeatRow } from '../seats';
import { cancel } from './cancel';
import {
  conflict,
  SellerActionError,
  type ActionRequest,
  type ActionResult,
  type OrderActor,
  type OrderCommand,
} from './command';
import { refund, refundOnRail } from './refund';
import { moneyText, orderFacts } from './rules';

export interface SeatActionRequest extends ActionRequest {
  /** Refund only: at most the seat's share; the share when left out. */
  amountMinor?: number | undefined;
}

const actionOf = (name: SeatActionName) => `order.seat-${name}`;

function seatOf(seats: SeatRow[], seatId: string): SeatRow {
  const seat = seats.find((each) => each.id === seatId);
  if (!seat) throw new SellerActionError(404, 'No such seat.');
  return seat;
}

const activeOf = (seats: SeatRow[]) => seats.filter((seat) => seat.state === 'active').length;

export async function giveBackSeat(
  command: OrderCommand,
  orderId: string,
  seatId: string,
  name: SeatActionName,
  actor: OrderActor,
  request: SeatActionRequest,
): Promise<ActionResult> {
  const order = await command.find(orderId);
  const seats = await findSeats(command.db, order.id);
  const seat = seatOf(seats, seatId);
  const reason = sellerSeatRefusal(
    name,
    order,
    await orderFacts(command.db, order),
    seat,
    activeOf(seats),
  );
  // A repeat of an answered request is answered as it was, whatever the order is now.
  // The order's last seat was given back by the whole order's command, under its action.
  for (const action of [actionOf(name), name === 'refund' ? 'order.refund' : 'order.cancel']) {
    const replay = await command.replayed(order.id, action, request);
    if (replay) return replay;
  }
  if (reason) throw conflict(reason);
  if (seat.state === 'active' && activeOf(seats) <= 1) {
    // The order's last seat: giving it back is giving back the order.
    if (name === 'cancel') return cancel(command, order.id, actor, request);
    const facts = await orderFacts(command.db, order);
    return refund(command, order.id, actor, {
      idempotencyKey: request.idempotencyKey,
      note: request.note,
      amountMinor: request.amountMinor ?? facts.refundableMinor,
      reason: 'other',
      closes: true,
    });
  }
  return command.withProvider(order.id, actionOf(name), actor, request, async (current) => {
    const facts = await orderFacts(command.db, current);
    const now = await findSeats(command.db, current.id);
    const target = seatOf(now, seatId);
    const refusal = sellerSeatRefusal(name, current, facts, target, activeOf(now));
    if (refusal) throw conflict(refusal);
    if (activeOf(now) <= 1) throw conflict('The order changed meanwhile; look again.');
    let refunded:
      { refundId: number; amountMinor: number; pending: boolean; reference: string } | undefined;
    if (name === 'refund') {
      const max = seatRefundMaxMinor(current, facts, target);
      const amountMinor = request.amountMinor ?? max;
      if (amountMinor > max)
        throw new SellerActionError(
          422,
          `At most ${moneyText(max, current.currency)} can be refunded for this seat.`,
        );
      const { refundId, outcome } = await refundOnRail(command, current, actor, {
        idempotencyKey: request.idempotencyKey,
        amountMinor,
        reason: 'other',
        note: request.note || `Refund of seat ${target.number} of your workshop order`,
      });
      refunded = {
        refundId,
        amountMinor,
        pending: outcome.state === 'pending',
        reference: outcome.refundReference,
      };
    }
    let handoffIds: string[] = [];
    const message = await command.locked(current.id, async (tx, locked) => {
      if (refunded)
        await setRefundState(
          tx,
          refunded.refundId,
          refunded.pending ? 'pending' : 'succeeded',
          refunded.reference,
        );
      const state = name === 'refund' ? 'refunded' : 'cancelled';
      const [given] = await tx
        .update(orderSeats)
        .set({ state, inviteCode: null, updatedAt: sql`now()` })
        .where(and(eq(orderSeats.id, target.id), eq(orderSeats.state, 'active')))
        .returning({ id: orderSeats.id });
      if (!given) throw conflict('The seat changed meanwhile; look again.');
      // An order that gave its seats back (closed, say) has nothing more to free.
      if (locked.holdsReserved) await releaseSeats(tx, locked.batchId, 1);
      handoffIds = await command.parts.handoffs.revokeSeat(tx, locked, target.number);
      const amount = refunded && moneyText(refunded.amountMinor, locked.currency);
      await recordOrderEvent(
        tx,
        locked,
        amount
          ? `seat ${target.number} refunded ${amount} by the ${actor.role}`
          : `seat ${target.number} cancelled by the ${actor.role}`,
      );
      const holder = target.attendeeEmail
        ? handoffIds.length > 0
          ? ` and the courses portal is told to take ${target.attendeeFirstName} ${target.attendeeLastName} off the course`
          : ''
        : '';
      const text = amount
        ? `Refunded ${amount} for seat ${target.number}${refunded?.pending ? ' (the provider will settle it)' : ''}; its place is free${holder}.`
        : `Seat ${target.number} is cancelled without a refund; its place is free${holder}.`;
      await command.audit(
        tx,
        actor,
        actionOf(name),
        current,
        { seat: target.number, state },
        request,
        {
          message: text,
          ...(refunded
            ? { amountMinor: refunded.amountMinor, refundReference: refunded.reference }
            : {}),
        },
      );
      return text;
    });
    for (const id of handoffIds) command.parts.handoffs.deliverSoon(id);
    return { message };
  });
}
