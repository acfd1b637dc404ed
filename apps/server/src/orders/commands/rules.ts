/**
 * Which seller command an order allows, and why not when it does not: one
 * set of rules for the order page (which buttons it offers) and for the
 * commands themselves (which check them again under the order's lock), and
 * the facts beyond the order's row they are decided on.
 */
import { formatMoneyAmount, type SellerOrderActionName } from '@wifi7/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portalHandoffs } from '../../db/schema';
import { failedMailsOf } from '../../core/mail/outbox';
import { orderAttention } from '../attention';
import { balance, orderMoney } from '../money';
import { UNKNOWN_REFUND_MARK } from '../notes';
import { OPEN_STATUSES, type OrderRow } from '../repository';

export interface OrderFacts extends ReturnType<typeof balance> {
  /** Hand-off messages of the order the courses portal has not acknowledged. */
  undeliveredHandoffs: number;
  /** What the order asks of the seller now (attention.ts), or null. */
  attention: string | null;
  /** The order's e-mails that failed for good and were not sent again yet. */
  failedMails: number;
}

/** The contract names the seller's commands once: the order page lists them with their states. */
export type SellerActionName = SellerOrderActionName;

/**
 * What the rules need to know of an order beyond its row: its money
 * (payments and refunds), how many hand-off messages still wait for the
 * courses portal, and what it asks of the seller.
 */
export async function orderFacts(db: Db, order: OrderRow): Promise<OrderFacts> {
  const [money, handoffs, attention, failedMails] = await Promise.all([
    orderMoney(db, order.id),
    db
      .select({ id: portalHandoffs.id })
      .from(portalHandoffs)
      .where(and(eq(portalHandoffs.orderId, order.id), isNull(portalHandoffs.deliveredAt))),
    orderAttention(db, order.id),
    failedMailsOf(db, order.id),
  ]);
  return {
    ...balance(order, money),
    undeliveredHandoffs: handoffs.length,
    attention,
    failedMails: failedMails.length,
  };
}

type Rule = (order: OrderRow, facts: OrderFacts) => string | null;

const isOpen = (order: OrderRow) => OPEN_STATUSES.includes(order.status);
const lostCreate = (order: OrderRow) =>
  order.status === 'pending' && !order.providerReference && order.createAttemptedAt !== null;

export const sellerRules: Record<SellerActionName, Rule> = {
  resend: (order) =>
    order.status === 'awaiting_payment' && order.providerReference
      ? null
      : 'Only an order awaiting payment has an invoice or link to send again.',

  markPaid: (order, facts) => {
    if (order.status === 'paid') return 'The order is already paid.';
    if (order.status === 'refunded') return 'The order was paid and refunded.';
    if (facts.railPayments > 0)
      return 'A payment already reached this order at the provider: refund it instead.';
    return null;
  },

  cancel: (order) =>
    isOpen(order) ? null : 'Only an order still awaiting payment can be cancelled.',

  refund: (order, facts) => {
    if (order.status === 'refunded') return 'The order is already refunded in full.';
    const paidOnRail = facts.railPayments > 0 && order.providerReference !== null;
    if (order.status === 'paid' && !paidOnRail)
      return 'Paid outside PayPal and Zoho: give the money back the way it came.';
    if (!paidOnRail) return 'No payment has reached this order.';
    if (facts.attention?.includes(UNKNOWN_REFUND_MARK))
      return 'An earlier refund got no answer: check it at the provider and dismiss the note first.';
    if (facts.refundableMinor <= 0) return 'Everything paid was given back already.';
    return null;
  },

  moveBatch: (order) =>
    isOpen(order) || order.status === 'paid'
      ? null
      : 'Only an open or a paid order can move to another batch.',

  retryHandoff: (_order, facts) =>
    facts.undeliveredHandoffs > 0
      ? null
      : 'The courses portal has every message of this order already.',

  dismissAttention: (_order, facts) => (facts.attention ? null : 'The order asks nothing of you.'),

  attach: (order) =>
    lostCreate(order) ? null : 'Only after the provider’s answer to a create was lost.',

  reissue: (order) =>
    lostCreate(order) ? null : 'Only after the provider’s answer to a create was lost.',

  resendMail: (_order, facts) =>
    facts.failedMails > 0 ? null : 'No e-mail of this order failed to go out.',
};

/** Every action's state for the order page. */
export function actionStates(order: OrderRow, facts: OrderFacts) {
  const state = (name: SellerActionName) => {
    const reason = sellerRules[name](order, facts);
    return { allowed: reason === null, reason };
  };
  return {
    resend: state('resend'),
    markPaid: state('markPaid'),
    cancel: state('cancel'),
    refund: { ...state('refund'), maxMinor: facts.refundableMinor },
    moveBatch: state('moveBatch'),
    retryHandoff: state('retryHandoff'),
    dismissAttention: state('dismissAttention'),
    attach: state('attach'),
    reissue: state('reissue'),
    resendMail: state('resendMail'),
  };
}

/** An amount as the seller reads it, e.g. "449.10 USD" or "41,299.00 INR" (the currency's grouping). */
export function moneyText(minor: number, currency: string): string {
  return `${formatMoneyAmount(minor, currency)} ${currency}`;
}
