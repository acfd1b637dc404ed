/**
 * The back office's orders: the list (filters, search, paging, CSV export),
 * one order with its whole timeline and the actions a seller may take on
 * it, and "Needs attention". Amounts are integer minor units; the server
 * decides which actions an order allows and re-checks each one.
 */
import { z } from 'zod/mini';
import { orderStatusSchema } from '../checkout';
import { currencySchema } from '../money-schemas';
import { orderSeatSchema } from '../group-orders';
import { idempotencyKeySchema } from '../common';
import { miniText } from '../text';
import { pageOf, pagingSchema, sellerNoteSchema } from './common';

export const sellerOrderRoutes = {
  orders: '/api/seller/orders',
  /** Every order matching the list's filters, as a CSV file. */
  ordersCsv: '/api/seller/orders.csv',
  order: '/api/seller/orders/:orderId',
  /** The batches an order can be listed by or moved to. */
  batchChoices: '/api/seller/batch-choices',
  resend: '/api/seller/orders/:orderId/resend',
  markPaid: '/api/seller/orders/:orderId/mark-paid',
  cancel: '/api/seller/orders/:orderId/cancel',
  refund: '/api/seller/orders/:orderId/refund',
  moveBatch: '/api/seller/orders/:orderId/move-batch',
  retryHandoff: '/api/seller/orders/:orderId/retry-handoff',
  dismissAttention: '/api/seller/orders/:orderId/dismiss-attention',
  attach: '/api/seller/orders/:orderId/attach',
  reissue: '/api/seller/orders/:orderId/reissue',
  /** Sends the order's e-mails the mail server refused (or that kept failing) again. */
  resendMail: '/api/seller/orders/:orderId/resend-mail',
  attention: '/api/seller/attention',
  /** Cancels the unpaid orders of one cluster of holds (a "holds-clustered" item). */
  releaseHolds: '/api/seller/attention/release-holds',
} as const;

/** The path of one order's route, e.g. `sellerOrderPathOf(sellerOrderRoutes.refund, id)`. */
export function sellerOrderPathOf(route: string, orderId: string): string {
  return route.replace(':orderId', encodeURIComponent(orderId));
}

export const paymentRailSchema = z.enum(['paypal_invoice', 'zoho_link']);
export type PaymentRailName = z.infer<typeof paymentRailSchema>;

/** Our order ids: 16 characters of Crockford base32 (upper-case). */
export const orderIdSchema = miniText(z.trim(), z.regex(/^[0-9A-Za-z]{1,40}$/, 'Not an order id'));

export const sellerOrderParamsSchema = z.strictObject({ orderId: orderIdSchema });

const filterFields = {
  state: z.optional(orderStatusSchema),
  batch: z.optional(miniText(z.trim(), z.maxLength(64))),
  rail: z.optional(paymentRailSchema),
  /** A buyer's or an attendee's e-mail address (or part of it), or an order id. */
  q: z.optional(miniText(z.trim(), z.maxLength(200))),
  /** Company purchases only (`group`), or the spec's single seats only (`single`). */
  kind: z.optional(z.enum(['single', 'group'])),
};

/** `pagingSchema` is strict, and so is what extends it. */
export const sellerOrdersQuerySchema = z.extend(pagingSchema, filterFields);
export type SellerOrdersQuery = z.infer<typeof sellerOrdersQuerySchema>;

export const sellerOrdersCsvQuerySchema = z.strictObject({
  ...filterFields,
  /** One row per seat (with its attendee) instead of one per order. */
  rows: z.optional(z.enum(['orders', 'seats'])),
});

export const sellerOrderRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  batchId: z.string(),
  batchDescription: z.string(),
  rail: paymentRailSchema,
  currency: currencySchema,
  totalMinor: z.number().check(z.int()),
  discountCode: z.nullable(z.string()),
  status: orderStatusSchema,
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  updatedAt: z.string(),
  /** Whether the order asks something of the seller. */
  needsAttention: z.boolean(),
  /** Seats bought; a company purchase names its attendees per seat. */
  seatCount: z.number().check(z.int()),
  groupOrder: z.boolean(),
});
export type SellerOrderRow = z.infer<typeof sellerOrderRowSchema>;

export const sellerOrdersPageSchema = pageOf(sellerOrderRowSchema);
export type SellerOrdersPage = z.infer<typeof sellerOrdersPageSchema>;

export const sellerBatchChoiceSchema = z.object({
  id: z.string(),
  workshopSku: z.string(),
  description: z.string(),
  startsOn: z.string(),
  status: z.enum(['open', 'closed']),
  seatsTaken: z.number().check(z.int()),
  seatCapacity: z.number().check(z.int()),
});
export type SellerBatchChoice = z.infer<typeof sellerBatchChoiceSchema>;
export const sellerBatchChoicesSchema = z.object({ batches: z.array(sellerBatchChoiceSchema) });

// ── One order ───────────────────────────────────────────────────────────────

export const orderTimelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum([
    'state',
    'provider-call',
    'email',
    'webhook',
    'payment',
    'handoff',
    'seller',
    'buyer',
  ]),
  title: z.string(),
  detail: z.nullable(z.string()),
  /** How it went: a failure or a refusal is `failed`, something to look at is `warning`. */
  tone: z.enum(['ok', 'info', 'warning', 'failed']),
  /** Who did it, for seller actions. */
  actor: z.nullable(z.string()),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/** Whether an action is offered now, and if not, why. */
const actionStateSchema = z.object({ allowed: z.boolean(), reason: z.nullable(z.string()) });
export type ActionState = z.infer<typeof actionStateSchema>;

/** One seat of an order as the seller sees it, with what may be done to it alone. */
export const sellerSeatSchema = z.extend(orderSeatSchema, {
  /** The seat's share of what the order cost (`seatShareMinor`). */
  shareMinor: z.number().check(z.int()),
  handoff: z.enum(['none', 'waiting', 'failing', 'delivered', 'revoked']),
  actions: z.object({
    /** Paid: the seat's share (or less) back through the rail, the seat freed, the portal told. */
    refund: z.extend(actionStateSchema, { maxMinor: z.number().check(z.int()) }),
    /** Paid: the seat freed and the portal told, no money back. */
    cancel: actionStateSchema,
  }),
});
export type SellerSeat = z.infer<typeof sellerSeatSchema>;

export const sellerOrderDetailSchema = z.object({
  order: z.extend(sellerOrderRowSchema, {
    workshopSku: z.string(),
    workshopName: z.string(),
    subtotalMinor: z.number().check(z.int()),
    discountMinor: z.number().check(z.int()),
    discountPercent: z.number().check(z.int()),
    billing: z.object({
      firstName: z.string(),
      lastName: z.string(),
      country: z.string(),
      isoCode: z.string(),
      state: z.string(),
      city: z.string(),
      zipcode: z.string(),
      address: z.optional(z.string()),
    }),
    providerReference: z.nullable(z.string()),
    paymentUrl: z.nullable(z.string()),
    paymentReferences: z.array(z.string()),
    attention: z.nullable(z.string()),
    holdExpiresAt: z.string(),
    lastProviderError: z.nullable(z.string()),
    /** Given back through the back office so far. */
    refundedMinor: z.number().check(z.int()),
    unitPriceMinor: z.number().check(z.int()),
    volumeDiscountPercent: z.number().check(z.int()),
    /** Where the invoice or link went when not to the buyer (accounts payable). */
    invoiceEmail: z.nullable(z.string()),
  }),
  seats: z.array(sellerSeatSchema),
  handoff: z.object({
    state: z.enum(['none', 'waiting', 'failing', 'delivered', 'revoked']),
    attempts: z.number().check(z.int()),
    lastError: z.nullable(z.string()),
  }),
  actions: z.object({
    resend: actionStateSchema,
    markPaid: actionStateSchema,
    cancel: actionStateSchema,
    refund: z.extend(actionStateSchema, { maxMinor: z.number().check(z.int()) }),
    moveBatch: actionStateSchema,
    retryHandoff: actionStateSchema,
    dismissAttention: actionStateSchema,
    attach: actionStateSchema,
    reissue: actionStateSchema,
    resendMail: actionStateSchema,
  }),
  timeline: z.array(orderTimelineEntrySchema),
});
export type SellerOrderDetail = z.infer<typeof sellerOrderDetailSchema>;
export type SellerOrderActionName = keyof SellerOrderDetail['actions'];

// ── Actions ─────────────────────────────────────────────────────────────────

const requiredNote = (label: string) =>
  sellerNoteSchema.check(z.minLength(1, `${label} is required`));

export const orderResendRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  note: z.optional(sellerNoteSchema),
});
export const orderMarkPaidRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  /** How it was paid, e.g. "bank transfer 2027-01-04, ref 123": kept as its payment reference. */
  note: requiredNote('A note on how it was paid'),
});
export const orderCancelRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  note: z.optional(sellerNoteSchema),
});
export const orderRefundReasonSchema = z.enum(['buyer-asked', 'paid-twice', 'fraud', 'other']);
export const orderRefundRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  /** In the order's currency; at most what was paid and not yet given back. */
  amountMinor: z.number().check(z.int(), z.gte(1), z.lte(100_000_000)),
  reason: orderRefundReasonSchema,
  /** Shown to the buyer where the provider supports it, and kept in the audit log. */
  note: z.optional(sellerNoteSchema),
});
export const orderMoveBatchRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  batchId: miniText(z.trim(), z.minLength(1), z.maxLength(64)),
  note: z.optional(sellerNoteSchema),
});
export const orderRetryHandoffRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  note: z.optional(sellerNoteSchema),
});
export const orderDismissAttentionRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  note: requiredNote('A reason'),
});
export const orderAttachRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  /** The PayPal invoice id or the Zoho payment link id found at the provider. */
  providerReference: miniText(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a provider id')),
  note: z.optional(sellerNoteSchema),
});
export const orderReissueRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  note: z.optional(sellerNoteSchema),
});
export const orderResendMailRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  note: z.optional(sellerNoteSchema),
});

/** Every action answers the order as it now is, and a line for the seller. */
/** POST /api/seller/orders/:orderId/seats/:seatId/{refund,cancel} (groupOrderRoutes.sellerSeat). */
export const sellerSeatParamsSchema = z.strictObject({
  orderId: orderIdSchema,
  seatId: miniText(z.trim(), z.regex(/^[0-9A-Za-z]{1,40}-[0-9]{1,2}$/, 'Not a seat id')),
  action: z.enum(['refund', 'cancel']),
});
export const sellerSeatActionRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  /** Refund only: how much of the seat's share goes back (at most `actions.refund.maxMinor`). */
  amountMinor: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100_000_000))),
  note: z.optional(sellerNoteSchema),
});
export type SellerSeatActionRequest = z.infer<typeof sellerSeatActionRequestSchema>;

export const sellerActionResponseSchema = z.object({
  message: z.string(),
  detail: sellerOrderDetailSchema,
});
export type SellerActionResponse = z.infer<typeof sellerActionResponseSchema>;

// ── Needs attention ─────────────────────────────────────────────────────────

/** What resolves an item; the page offers it as a button or a link to the order. */
export const sellerAttentionResolutionSchema = z.enum([
  'retry-handoff',
  'refund',
  'attach-or-reissue',
  'move-or-refund',
  'check-provider',
  'review',
  'release-holds',
  'resend-mail',
]);
export type SellerAttentionResolution = z.infer<typeof sellerAttentionResolutionSchema>;

/** What unpaid holds of one batch have in common: the client network, or the buyers' e-mail domain. */
export const holdClusterSchema = z.strictObject({
  batchId: miniText(z.trim(), z.minLength(1), z.maxLength(64)),
  by: z.enum(['network', 'domain']),
  value: miniText(z.trim(), z.minLength(1), z.maxLength(255)),
});
export type HoldCluster = z.infer<typeof holdClusterSchema>;

export const sellerAttentionItemSchema = z.object({
  key: z.string(),
  kind: z.enum([
    'order-flagged',
    'handoff-stuck',
    'paid-not-handed-off',
    'webhooks-refused',
    'holds-clustered',
  ]),
  title: z.string(),
  detail: z.string(),
  since: z.string(),
  orderId: z.nullable(z.string()),
  email: z.nullable(z.string()),
  resolution: sellerAttentionResolutionSchema,
  /** Whether the seller may dismiss it with a reason (a flagged order's note). */
  dismissible: z.boolean(),
  /** The holds a "release-holds" item releases. */
  holds: z.optional(holdClusterSchema),
});
export type SellerAttentionItem = z.infer<typeof sellerAttentionItemSchema>;
export const sellerAttentionListSchema = z.object({ items: z.array(sellerAttentionItemSchema) });
export type SellerAttentionList = z.infer<typeof sellerAttentionListSchema>;

/** POST /api/seller/attention/release-holds */
export const releaseHoldsRequestSchema = z.extend(holdClusterSchema, {
  idempotencyKey: idempotencyKeySchema,
  note: z.optional(sellerNoteSchema),
});
export type ReleaseHoldsRequest = z.infer<typeof releaseHoldsRequestSchema>;
export const releaseHoldsResponseSchema = z.object({ message: z.string() });
