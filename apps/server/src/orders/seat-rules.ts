/**
 * What may be done to one seat of an order, and why not when it may not:
 * one set of rules for the pages that offer it (My orders, the seller's
 * order page) and for the commands that do it (which check them again under
 * the order's lock).
 */
import { seatShareMinor, type GroupSales } from '@wifi7/contract';
import type { BatchRow } from '../catalog/repository';
import { dateWords, firstSessionStart } from './buyer-rules';
import { sellerRules, type OrderFacts } from './commands/rules';
import { OPEN_STATUSES, type OrderRow } from './repository';
import type { SeatRow } from './seats';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when a company order's buyer may change who holds a seat: the seller's days before the first session. */
export function namesUntil(
  batch: Pick<BatchRow, 'sessionStarts' | 'startsOn'>,
  settings: Pick<GroupSales, 'namesUntilDaysBefore'>,
): Date {
  return new Date(firstSessionStart(batch).getTime() - settings.namesUntilDaysBefore * DAY_MS);
}

/** Why the order's seats cannot be named or changed now, or null when they can. */
export function namesRefusal(order: OrderRow, until: Date, now: Date): string | null {
  if (!order.groupOrder) return 'Only a company order names who holds its seats.';
  if (!OPEN_STATUSES.includes(order.status) && order.status !== 'paid')
    return 'This order is closed: who holds its seats can no longer change.';
  if (now >= until) return `Who holds a seat could be changed until ${dateWords(until)}.`;
  return null;
}

/** Why this seat cannot be named or changed now, or null when it can. */
export function seatNamingRefusal(
  order: OrderRow,
  seat: SeatRow,
  until: Date,
  now: Date,
): string | null {
  if (seat.state !== 'active') return 'This seat was given back: it no longer has an attendee.';
  return namesRefusal(order, until, now);
}

export type SeatActionName = 'refund' | 'cancel';

/** One seat's share of what the order cost. */
export const shareOf = (order: OrderRow, seat: Pick<SeatRow, 'number'>) =>
  seatShareMinor(order.totalMinor, order.seatCount, seat.number);

/**
 * Why the seller may not give this seat back alone now, or null. The
 * order's last active seat is the whole order: its own rules decide.
 */
export function sellerSeatRefusal(
  name: SeatActionName,
  order: OrderRow,
  facts: OrderFacts,
  seat: SeatRow,
  activeSeats: number,
): string | null {
  if (OPEN_STATUSES.includes(order.status))
    return 'A seat of an unpaid order is not given back alone: cancel the order, or the buyer checks out again with fewer seats.';
  if (order.status !== 'paid') return 'Only a seat of a paid order can be given back alone.';
  if (seat.state !== 'active') return 'This seat was given back already.';
  if (activeSeats <= 1) return sellerRules[name](order, facts);
  if (name === 'refund') {
    const reason = sellerRules.refund(order, facts);
    if (reason) return reason;
    if (seatRefundMaxMinor(order, facts, seat) <= 0)
      return 'Nothing of this seat’s share is left to refund.';
  }
  return null;
}

/** The most a seat given back alone refunds: its share, never more than the order has left. */
export function seatRefundMaxMinor(order: OrderRow, facts: OrderFacts, seat: SeatRow): number {
  return Math.max(Math.min(shareOf(order, seat), facts.refundableMinor), 0);
}

/** Both actions' states for the seller's order page. */
export function sellerSeatActions(
  order: OrderRow,
  facts: OrderFacts,
  seat: SeatRow,
  activeSeats: number,
) {
  const state = (name: SeatActionName) => {
    const reason = sellerSeatRefusal(name, order, facts, seat, activeSeats);
    return { allowed: reason === null, reason };
  };
  const maxMinor =
    activeSeats <= 1 ? facts.refundableMinor : seatRefundMaxMinor(order, facts, seat);
  return { refund: { ...state('refund'), maxMinor }, cancel: state('cancel') };
}
