/**
 * A buyer's own orders (beyond the spec): the seller's policy for cancelling
 * and moving, the buyer's "My orders" list, and what a buyer may do there.
 * The server decides which actions an order allows, from the policy the
 * order was placed under, and checks each one again when it is asked.
 * Amounts are integer minor units.
 */
import { z } from 'zod/mini';
import { paymentRailSchema, orderIdSchema } from './seller/orders';
import { idempotencyKeySchema } from './common';
import { batchIdSchema } from './catalog';
import { formatMoney } from './money';
import { currencySchema, type Currency } from './money-schemas';
import { scheduledSessionSchema } from './schedule';
import { orderSeatSchema } from './group-orders';

export const buyerOrderRoutes = {
  /** Public: the policy a checkout now would be placed under. */
  policy: '/api/buyer-policy',
  /** The signed-in buyer's orders, newest first. */
  orders: '/api/me/orders',
  /** PayPal: the invoice again from PayPal; Zoho: the payment link again by our e-mail. */
  resend: '/api/me/orders/:orderId/resend',
  /** Unpaid: withdrawn; paid, inside the refund window: refunded as the policy says. */
  cancel: '/api/me/orders/:orderId/cancel',
  /** Paid, inside the move window: to another open batch of the workshop with a free seat. */
  move: '/api/me/orders/:orderId/move',
  /** The seller sets the policy (back office). */
  sellerPolicy: '/api/seller/buyer-policy',
} as const;

/** The path of one of a buyer's order routes, e.g. `buyerOrderPathOf(buyerOrderRoutes.cancel, id)`. */
export function buyerOrderPathOf(route: string, orderId: string): string {
  return route.replace(':orderId', encodeURIComponent(orderId));
}

// ── The seller's policy ─────────────────────────────────────────────────────

const daysBeforeSchema = z.number().check(z.int(), z.gte(0), z.lte(365));
const keptMinorSchema = z.number().check(z.int(), z.gte(0), z.lte(100_000_000));

/** What the seller keeps of a buyer's cancelled, paid order. */
export const refundKeepSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('nothing') }),
  z.strictObject({
    kind: z.literal('percent'),
    percent: z.number().check(z.int(), z.gte(1), z.lte(100)),
  }),
  /** A fixed amount per currency, e.g. a booking fee; never more than was paid. */
  z.strictObject({ kind: z.literal('fixed'), USD: keptMinorSchema, INR: keptMinorSchema }),
]);
export type RefundKeep = z.infer<typeof refundKeepSchema>;

/**
 * What a buyer may do with a paid order, and until when: a number of days
 * before the batch's first session starts, or null when the buyer may not
 * (they write to the seller instead). An unpaid order may always be
 * cancelled. An order keeps the policy it was placed under.
 */
export const buyerPolicySchema = z.strictObject({
  refundUntilDaysBefore: z.nullable(daysBeforeSchema),
  keep: refundKeepSchema,
  moveUntilDaysBefore: z.nullable(daysBeforeSchema),
});
export type BuyerPolicy = z.infer<typeof buyerPolicySchema>;

/** Until a seller sets one: paid orders are changed only by the seller. */
export const NO_BUYER_CHANGES: BuyerPolicy = {
  refundUntilDaysBefore: null,
  keep: { kind: 'nothing' },
  moveUntilDaysBefore: null,
};

/** GET /api/buyer-policy and the seller's GET and PUT. */
export const buyerPolicyResponseSchema = z.object({ policy: buyerPolicySchema });
export type BuyerPolicyResponse = z.infer<typeof buyerPolicyResponseSchema>;

/** What the seller keeps of `paidMinor` under `keep`: never more than was paid. */
export function keptOf(keep: RefundKeep, paidMinor: number, currency: Currency): number {
  if (keep.kind === 'nothing') return 0;
  if (keep.kind === 'percent')
    return Math.min(paidMinor, Math.round((paidMinor * keep.percent) / 100));
  return Math.min(paidMinor, keep[currency]);
}

function beforeFirstSession(days: number): string {
  if (days === 0) return 'until the first session starts';
  return `until ${days} ${days === 1 ? 'day' : 'days'} before the first session`;
}

function keepWords(keep: RefundKeep, currency: Currency): string {
  if (keep.kind === 'nothing') return 'the whole amount is refunded';
  if (keep.kind === 'percent') {
    return keep.percent === 100 ? 'nothing is refunded' : `${keep.percent}% of it is kept`;
  }
  return keep[currency] === 0
    ? 'the whole amount is refunded'
    : `${formatMoney(keep[currency], currency)} of it is kept`;
}

/**
 * The policy in plain words, one sentence per rule, as the checkout page,
 * the confirmation e-mail and "My orders" show it.
 */
export function buyerPolicyTerms(policy: BuyerPolicy, currency: Currency): string[] {
  const refund =
    policy.refundUntilDaysBefore === null
      ? 'A paid order cannot be cancelled for a refund from this site; write to us if you cannot attend.'
      : `You may cancel a paid order ${beforeFirstSession(policy.refundUntilDaysBefore)}: ${keepWords(policy.keep, currency)}.`;
  const move =
    policy.moveUntilDaysBefore === null
      ? 'To move to another batch, write to us.'
      : `You may move to another open batch of the workshop ${beforeFirstSession(policy.moveUntilDaysBefore)}, when it has a free seat.`;
  return [refund, move, 'An unpaid order may be cancelled at any time.'];
}

// ── My orders ───────────────────────────────────────────────────────────────

/** An order's state as its buyer reads it. */
export const buyerOrderStateSchema = z.enum([
  'awaiting_payment',
  'paid',
  'part_refunded',
  'refunded',
  'cancelled',
  'expired',
  'failed',
]);
export type BuyerOrderState = z.infer<typeof buyerOrderStateSchema>;

export const buyerOrderSchema = z.object({
  orderId: z.string(),
  workshopName: z.string(),
  batchId: z.string(),
  /** "dates -- timing", as in the workshop list. */
  batchDescription: z.string(),
  sessions: z.array(scheduledSessionSchema),
  rail: paymentRailSchema,
  currency: currencySchema,
  totalMinor: z.number(),
  /** Given back so far (refunds that succeeded). */
  refundedMinor: z.number(),
  state: buyerOrderStateSchema,
  /** ISO 8601: when it was placed; when it was paid. */
  placedAt: z.string(),
  paidAt: z.nullable(z.string()),
  /** Awaiting payment: until when the seat is held for it (ISO 8601). */
  payableUntil: z.nullable(z.string()),
  /** Awaiting payment on the Zoho rail: the "Pay Now" link. */
  paymentUrl: z.nullable(z.string()),
  /** The policy the order was placed under, in words. */
  policyTerms: z.array(z.string()),
  /** What the buyer may do now; null when not, with why in `notOffered`. */
  resend: z.boolean(),
  cancel: z.nullable(
    z.object({
      /** Until when (ISO 8601), for a paid order; null for an unpaid one. */
      until: z.nullable(z.string()),
      /** What a cancel now gives back; 0 for an unpaid order. */
      refundMinor: z.number(),
    }),
  ),
  move: z.nullable(
    z.object({
      until: z.string(),
      batches: z.array(z.object({ batchId: z.string(), batchDescription: z.string() })),
    }),
  ),
  /** Why a paid order's cancel or move is not offered, in words (e.g. the window has closed). */
  notOffered: z.array(z.string()),
  /** A company purchase; `seats` lists who holds each seat (the spec's order: the buyer alone). */
  groupOrder: z.boolean(),
  seats: z.array(orderSeatSchema),
  /** A company purchase: until when (ISO 8601) the buyer may change who holds a seat; null: not now. */
  names: z.nullable(z.object({ until: z.string() })),
});
export type BuyerOrder = z.infer<typeof buyerOrderSchema>;

export const buyerOrdersResponseSchema = z.object({ orders: z.array(buyerOrderSchema) });
export type BuyerOrdersResponse = z.infer<typeof buyerOrdersResponseSchema>;

export const buyerOrderParamsSchema = z.strictObject({ orderId: orderIdSchema });

export const buyerResendRequestSchema = z.strictObject({ idempotencyKey: idempotencyKeySchema });
export const buyerCancelRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  /** What the buyer was shown they get back: refused with 409 if it is no longer so. */
  refundMinor: z.number().check(z.int(), z.gte(0), z.lte(100_000_000)),
});
export const buyerMoveRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  batchId: batchIdSchema,
});
export type BuyerMoveRequest = z.infer<typeof buyerMoveRequestSchema>;

/** Every buyer action answers one line of what happened. */
export const buyerActionResponseSchema = z.object({ message: z.string() });
export type BuyerActionResponse = z.infer<typeof buyerActionResponseSchema>;
