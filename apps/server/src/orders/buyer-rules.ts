/**
 * What a buyer may do with their own order, and until when: one set of
 * rules for "My orders" (what it offers) and for the buyer's actions (which
 * check them again under the order's lease). A paid order is changed within
 * the seller's policy as it stood when the order was placed; an unpaid one
 * may always be cancelled.
 */
import {
  buyerPolicyTerms,
  keptOf,
  NO_BUYER_CHANGES,
  pacificInstant,
  type BuyerOrderState,
  type BuyerPolicy,
} from '@wifi7/contract';
import type { BatchRow } from '../catalog/repository';
import type { OrderFacts } from './commands/rules';
import { OPEN_STATUSES, type OrderRow } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The policy the order was placed under; orders placed before there was one get none. */
export function policyOf(order: Pick<OrderRow, 'buyerPolicy'>): BuyerPolicy {
  return order.buyerPolicy ?? NO_BUYER_CHANGES;
}

export function policyTermsOf(order: Pick<OrderRow, 'buyerPolicy' | 'currency'>): string[] {
  return buyerPolicyTerms(policyOf(order), order.currency);
}

/** When the batch's first session starts: its first Pacific session, else its start date's midnight. */
export function firstSessionStart(batch: Pick<BatchRow, 'sessionStarts' | 'startsOn'>): Date {
  const first = batch.sessionStarts[0] ?? `${batch.startsOn}T00:00`;
  return pacificInstant(first) ?? new Date(`${batch.startsOn}T00:00:00Z`);
}

/** The end of a window of `days` before the first session, or null when the policy gives none. */
function windowEnd(days: number | null, batch: Pick<BatchRow, 'sessionStarts' | 'startsOn'>) {
  return days === null ? null : new Date(firstSessionStart(batch).getTime() - days * DAY_MS);
}

/** The order's state as its buyer reads it. */
export function buyerStateOf(
  order: OrderRow,
  facts: Pick<OrderFacts, 'refundedMinor'>,
): BuyerOrderState {
  switch (order.status) {
    case 'pending':
    case 'awaiting_payment':
      return 'awaiting_payment';
    case 'paid':
      return facts.refundedMinor > 0 ? 'part_refunded' : 'paid';
    default:
      return order.status;
  }
}

export interface BuyerChoices {
  /** Cancel: until when (null for an unpaid order) and what it gives back. */
  cancel: { until: Date | null; refundMinor: number } | null;
  /** Move to another batch: until when. */
  move: { until: Date } | null;
  /** Why a paid order's cancel or move is not offered, in words. */
  notOffered: string[];
}

export const dateWords = (instant: Date) =>
  instant.toLocaleString('en-US', {
    timeZone: 'America/Los_Angeles',
    dateStyle: 'medium',
    timeStyle: 'short',
  }) + ' Pacific Time';

/**
 * What the buyer may do with the order now. An order whose money the seller
 * must look at first (a refund that got no answer, a payment outside the
 * rails) is left to the seller.
 */
export function buyerChoices(
  order: OrderRow,
  facts: OrderFacts,
  batch: Pick<BatchRow, 'sessionStarts' | 'startsOn'>,
  now: Date,
): BuyerChoices {
  if (OPEN_STATUSES.includes(order.status)) {
    return { cancel: { until: null, refundMinor: 0 }, move: null, notOffered: [] };
  }
  if (order.status !== 'paid') return { cancel: null, move: null, notOffered: [] };
  const policy = policyOf(order);
  const notOffered: string[] = [];
  let cancel: BuyerChoices['cancel'] = null;
  const refundEnd = windowEnd(policy.refundUntilDaysBefore, batch);
  const refundMinor = Math.min(
    facts.refundableMinor,
    order.totalMinor - keptOf(policy.keep, order.totalMinor, order.currency),
  );
  if (refundEnd === null) {
    notOffered.push('Your order’s terms do not let you cancel it for a refund here: write to us.');
  } else if (now >= refundEnd) {
    notOffered.push(`Cancelling for a refund was possible until ${dateWords(refundEnd)}.`);
  } else if (facts.railPayments === 0 || facts.attention) {
    notOffered.push('This order’s payment is with us to look at: write to us to cancel it.');
  } else if (refundMinor <= 0) {
    notOffered.push('Your order’s terms keep the whole amount, so cancelling gives nothing back.');
  } else {
    cancel = { until: refundEnd, refundMinor };
  }
  let move: BuyerChoices['move'] = null;
  const moveEnd = windowEnd(policy.moveUntilDaysBefore, batch);
  if (moveEnd === null) {
    notOffered.push('Your order’s terms do not let you move it here: write to us.');
  } else if (now >= moveEnd) {
    notOffered.push(`Moving to another batch was possible until ${dateWords(moveEnd)}.`);
  } else {
    move = { until: moveEnd };
  }
  return { cancel, move, notOffered };
}
