/**
 * The database schema. Drizzle generates the SQL migrations in ../../drizzle
 * from this file (`npm run db:generate -w @wifi7/server`). Money is always an
 * integer number of minor units (cents, paise).
 */
import {
  orderStatusSchema,
  waitlistStateSchema,
  type BillingSnapshot,
  type BuyerPolicy,
  type GroupSales,
  type OrderStatus,
  type SeatState,
  type WaitlistState,
} from '@wifi7/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ── Identity ────────────────────────────────────────────────────────────────

/** People who asked for a sign-in link: prospective students, one row per e-mail. */
export const leads = pgTable('leads', {
  email: text('email').primaryKey(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  timesSeen: integer('times_seen').notNull().default(1),
});

// ── Catalog ─────────────────────────────────────────────────────────────────

export const workshops = pgTable(
  'workshops',
  {
    sku: text('sku').primaryKey(),
    name: text('name').notNull(),
    /** Order among workshops; the web app offers the first one. */
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** How long an unpaid order keeps its seat and code use; the seller sets it. */
    holdHours: integer('hold_hours').notNull().default(72),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('workshops_hold_hours', sql`${table.holdHours} between 1 and 168`)],
);

export const batchStatus = pgEnum('batch_status', ['open', 'closed']);

/** A dated cohort of a workshop. */
export const batches = pgTable(
  'batches',
  {
    id: text('id').primaryKey(),
    workshopSku: text('workshop_sku')
      .notNull()
      .references(() => workshops.sku),
    /** "dates -- timing", e.g. "Jan 13 - Mar 3, 2027 (US) -- 9 to 11 AM Pacific Time". */
    description: text('description').notNull(),
    /** First session; batches are listed in this order. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    status: batchStatus('status').notNull().default('open'),
    seatCapacity: integer('seat_capacity').notNull(),
    /** Seats held by open orders plus seats sold. */
    seatsTaken: integer('seats_taken').notNull().default(0),
    /**
     * The sessions' start times as wall-clock times in Pacific Time
     * (`YYYY-MM-DDTHH:mm`, America/Los_Angeles), so daylight saving moves
     * nothing a seller typed; each session lasts `sessionMinutes`.
     */
    sessionStarts: jsonb('session_starts').$type<string[]>().notNull().default([]),
    sessionMinutes: integer('session_minutes').notNull().default(120),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('batches_capacity_nonnegative', sql`${table.seatCapacity} >= 0`),
    check(
      'batches_seats_within_capacity',
      sql`${table.seatsTaken} >= 0 and ${table.seatsTaken} <= ${table.seatCapacity}`,
    ),
  ],
);

export const currency = pgEnum('currency', ['USD', 'INR']);

export const prices = pgTable(
  'prices',
  {
    workshopSku: text('workshop_sku')
      .notNull()
      .references(() => workshops.sku),
    currency: currency('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workshopSku, table.currency] }),
    check('prices_amount_nonnegative', sql`${table.amountMinor} >= 0`),
  ],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    /** Stored upper-case; buyers' input is trimmed and compared case-insensitively. */
    code: text('code').primaryKey(),
    percent: integer('percent').notNull(),
    /** Only for this workshop when set. */
    workshopSku: text('workshop_sku').references(() => workshops.sku),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** No limit when null. */
    maxUses: integer('max_uses'),
    /** Uses held by open orders plus uses by paid orders. */
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('discount_codes_code_upper').on(sql`upper(${table.code})`),
    // Below 100: a code never makes a seat free (a free seat is given in the portal, not here).
    check('discount_codes_percent_range', sql`${table.percent} between 1 and 99`),
    check(
      'discount_codes_uses_within_limit',
      sql`${table.uses} >= 0 and (${table.maxUses} is null or ${table.uses} <= ${table.maxUses})`,
    ),
  ],
);

// ── Orders and payments (see docs/decisions/0002-orders-and-payments.md) ───

/** The same states the API answers (the contract's list). */
export const orderStatus = pgEnum(
  'order_status',
  orderStatusSchema.options as [OrderStatus, ...OrderStatus[]],
);
export const paymentRail = pgEnum('payment_rail', ['paypal_invoice', 'zoho_link']);

/** Billing details as entered at checkout, kept as they were. */
export type { BillingSnapshot };

/**
 * One buyer's intent to buy one workshop batch on one payment rail. While
 * it is open (pending or awaiting payment) it holds a seat and, when a code
 * was used, one use of that code.
 */
export const orders = pgTable(
  'orders',
  {
    /** 16 characters of Crockford base32; also the providers' reference. */
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    firebaseUid: text('firebase_uid').notNull(),
    rail: paymentRail('rail').notNull(),
    status: orderStatus('status').notNull().default('pending'),
    workshopSku: text('workshop_sku')
      .notNull()
      .references(() => workshops.sku),
    workshopName: text('workshop_name').notNull(),
    batchId: text('batch_id')
      .notNull()
      .references(() => batches.id),
    batchDescription: text('batch_description').notNull(),
    currency: currency('currency').notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    discountCode: text('discount_code').references(() => discountCodes.code),
    discountPercent: integer('discount_percent').notNull().default(0),
    billing: jsonb('billing').$type<BillingSnapshot>().notNull(),
    /** True while the order holds its seat and discount-code use. */
    holdsReserved: boolean('holds_reserved').notNull().default(true),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    /** The client address the order was placed from (none for a seller's move). */
    clientAddress: text('client_address'),
    /** Its network: an IPv4 address as it is, an IPv6 one by its /64 (holds are capped per network). */
    clientNetwork: text('client_network'),
    /** PayPal: our deterministic invoice number; Zoho: unused. */
    invoiceNumber: text('invoice_number').unique(),
    providerReference: text('provider_reference'),
    /** A create request to the provider whose outcome is not known yet (see rail-port.ts). */
    createAttemptedAt: timestamp('create_attempted_at', { withTimezone: true }),
    /** Where the buyer pays: the PayPal payer view or the Zoho payment link. */
    paymentUrl: text('payment_url'),
    /** A provider object of a replaced or expired order still to cancel. */
    providerCancelPending: boolean('provider_cancel_pending').notNull().default(false),
    /** Who is talking to the provider for this order, until when (see orders/provider-lease.ts). */
    providerLeaseUntil: timestamp('provider_lease_until', { withTimezone: true }),
    lastProviderError: text('last_provider_error'),
    /**
     * The seller's policy for cancelling and moving as it stood when the
     * order was placed: a later change does not rewrite it. Null on orders
     * placed before there was one: only the seller changes those once paid.
     */
    buyerPolicy: jsonb('buyer_policy').$type<BuyerPolicy>(),
    /**
     * A company purchase (the checkout named its seats): the buyer need not
     * attend, may buy again for others, and each seat's attendee is handed
     * to the portal on their own. False: the spec's one seat for the buyer.
     */
    groupOrder: boolean('group_order').notNull().default(false),
    /** Seats bought (order_seats has a row for each); the amounts are for all of them. */
    seatCount: integer('seat_count').notNull().default(1),
    /** The list price of one seat, in `currency`. */
    unitPriceMinor: integer('unit_price_minor'),
    /** The seller's volume discount this order got (after the code's percent). */
    volumeDiscountPercent: integer('volume_discount_percent').notNull().default(0),
    /** Where the invoice or payment link goes, when not the buyer's address (accounts payable). */
    invoiceEmail: text('invoice_email'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'orders_amounts',
      sql`${table.totalMinor} = ${table.subtotalMinor} - ${table.discountMinor} and ${table.totalMinor} > 0`,
    ),
    check('orders_seat_count', sql`${table.seatCount} >= 1`),
    // One open order per buyer, workshop and kind: a double click or a retry finds it.
    uniqueIndex('orders_one_open_per_buyer')
      .on(table.email, table.workshopSku, table.groupOrder)
      .where(sql`${table.status} in ('pending', 'awaiting_payment')`),
    // One paid seat for oneself per workshop: "already purchased" (409). A company buys again.
    uniqueIndex('orders_one_paid_per_buyer')
      .on(table.email, table.workshopSku)
      .where(sql`${table.status} = 'paid' and not ${table.groupOrder}`),
    uniqueIndex('orders_provider_reference').on(table.rail, table.providerReference),
    // The back office lists newest first, filtered by state or batch.
    index('orders_created').on(table.createdAt),
    index('orders_status_created').on(table.status, table.createdAt),
    index('orders_batch_created').on(table.batchId, table.createdAt),
    // Unpaid holds per batch and client network: the cap at placement, the seller's clusters.
    index('orders_open_by_network')
      .on(table.batchId, table.clientNetwork)
      .where(sql`${table.status} in ('pending', 'awaiting_payment')`),
  ],
);

export const seatState = pgEnum('seat_state', ['active', 'cancelled', 'refunded']);

/**
 * One seat of an order (pretix's OrderPosition): who attends, if named yet.
 * Every order has its seats as rows; the spec's single-seat order has one,
 * for the buyer. A seat is given back with its order, or alone (the seller
 * cancels or refunds it: state). `holder` counts the people who have held
 * it, so each one's hand-off to the portal is written once.
 */
export const orderSeats = pgTable(
  'order_seats',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    number: integer('number').notNull(),
    state: seatState('state').$type<SeatState>().notNull().default('active'),
    attendeeEmail: text('attendee_email'),
    attendeeFirstName: text('attendee_first_name'),
    attendeeLastName: text('attendee_last_name'),
    /** 1 for the first person named, 2 for the next, …; 0 while never named. */
    holder: integer('holder').notNull().default(0),
    /** An open seat's invite code (the link's secret); cleared once the seat is named. */
    inviteCode: text('invite_code').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('order_seats_number').on(table.orderId, table.number),
    // Whose seats: an attendee's enrolments, the seller's search.
    index('order_seats_attendee').on(table.attendeeEmail),
    check(
      'order_seats_named_whole',
      sql`(${table.attendeeEmail} is null) = (${table.attendeeFirstName} is null) and (${table.attendeeEmail} is null) = (${table.attendeeLastName} is null)`,
    ),
  ],
);

/**
 * What an order (or, with no order, the shop) asks of a seller: one row per
 * thing to look at, open until a seller or the site resolves it. The words
 * shown are made from `kind` and `details` (orders/attention.ts).
 */
export const attentionItems = pgTable(
  'attention_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id').references(() => orders.id),
    kind: text('kind').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** A seller's e-mail, or `system` when the site settled it. */
    resolvedBy: text('resolved_by'),
    resolution: text('resolution'),
  },
  (table) => [
    uniqueIndex('attention_items_one_open')
      .on(table.orderId, table.kind)
      .where(sql`${table.resolvedAt} is null`),
    index('attention_items_open')
      .on(table.openedAt)
      .where(sql`${table.resolvedAt} is null`),
  ],
);

/** Every change of an order's state, with why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: orderStatus('from_status'),
    toStatus: orderStatus('to_status').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('order_events_order').on(table.orderId)],
);

export const paymentProvider = pgEnum('payment_provider', ['paypal', 'zoho']);

/** Where money came from: a rail's provider, or the seller recording a payment made outside them. */
export const paymentMethod = pgEnum('payment_method', ['paypal', 'zoho', 'manual']);
export const orderPaymentState = pgEnum('order_payment_state', ['confirmed', 'refunded']);

/** One payment received for an order (pretix's OrderPayment). */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    provider: paymentMethod('provider').notNull(),
    /** The provider's id (PayPal transaction, Zoho payment); none for a manual payment. */
    providerPaymentId: text('provider_payment_id'),
    /** Null when the provider reported several payments at once without each one's amount. */
    amountMinor: integer('amount_minor'),
    currency: currency('currency').notNull(),
    state: orderPaymentState('state').notNull().default('confirmed'),
    /** What the seller wrote of a manual payment. */
    note: text('note'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_payments_order').on(table.orderId),
    // Per order: a provider's payment reported again (a webhook, a status check) is kept once.
    uniqueIndex('order_payments_once').on(table.orderId, table.provider, table.providerPaymentId),
  ],
);

export const refundState = pgEnum('refund_state', ['requested', 'pending', 'succeeded', 'failed']);
export const refundSource = pgEnum('refund_source', ['seller', 'buyer', 'provider']);

/** One refund of an order (pretix's OrderRefund): requested → pending → succeeded | failed. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    state: refundState('state').notNull().default('requested'),
    source: refundSource('source').notNull(),
    /** Null when the provider reported a partial refund without its amount. */
    amountMinor: integer('amount_minor'),
    currency: currency('currency').notNull(),
    providerRefundId: text('provider_refund_id'),
    /** The seller who asked; null for the buyer or the provider. */
    requestedBy: text('requested_by'),
    reason: text('reason'),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('order_refunds_order').on(table.orderId)],
);

/** Webhooks received, stored once per provider event id. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: paymentProvider('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    eventType: text('event_type').notNull(),
    providerReference: text('provider_reference'),
    orderId: text('order_id').references(() => orders.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    outcome: text('outcome'),
  },
  (table) => [uniqueIndex('payment_events_once').on(table.provider, table.providerEventId)],
);

export const handoffKind = pgEnum('handoff_kind', [
  'enrollment.created',
  'enrollment.revoked',
  'enrollment.moved',
]);

/**
 * The messages to the courses portal. A row is written, with the job that
 * delivers it, in the same transaction that marks an order paid (or
 * refunded, or moves its seat); the job retries until the portal
 * acknowledges.
 */
export const portalHandoffs = pgTable(
  'portal_handoffs',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    kind: handoffKind('kind').notNull(),
    /**
     * What tells two messages of one kind for one order apart: empty for the
     * enrolment and its revocation (one each per order), the seller's request
     * key for a move (one per move).
     */
    dedupeKey: text('dedupe_key').notNull().default(''),
    payload: jsonb('payload').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** What the portal answered so far (every attempt is in `handoff_attempts`). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('portal_handoffs_once').on(table.orderId, table.kind, table.dedupeKey)],
);

export const handoffAttempts = pgTable('handoff_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  handoffId: text('handoff_id')
    .notNull()
    .references(() => portalHandoffs.id),
  attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  statusCode: integer('status_code'),
  error: text('error'),
});

// ── India checkout ──────────────────────────────────────────────────────────

/** A buyer's Zoho Books contact and the details entered for it. */
export const zohoContacts = pgTable('zoho_contacts', {
  email: text('email').primaryKey(),
  contactId: text('contact_id').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  zip: text('zip').notNull().default(''),
  updatedAt: updatedAt(),
});

/**
 * The discount code a signed-in buyer last applied to a workshop, so the
 * India checkout can apply it automatically (its request carries none).
 */
export const appliedDiscounts = pgTable(
  'applied_discounts',
  {
    email: text('email').notNull(),
    workshopSku: text('workshop_sku')
      .notNull()
      .references(() => workshops.sku),
    code: text('code')
      .notNull()
      .references(() => discountCodes.code),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.email, table.workshopSku] })],
);

// ── Provider calls, for the seller's timeline ────────────────────────────────

/**
 * Every call the order life cycle made to a payment rail for an order, and
 * what came of it, so the seller sees what happened without reading logs.
 */
export const providerCalls = pgTable(
  'provider_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    rail: paymentRail('rail').notNull(),
    /** issue, fetch-state, cancel, refund. */
    operation: text('operation').notNull(),
    /** ok, unavailable, refused, paid-at-provider, error. */
    outcome: text('outcome').notNull(),
    /** The provider's reference or the failure, short and free of personal data. */
    detail: text('detail'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('provider_calls_order').on(table.orderId)],
);

/**
 * Webhook deliveries refused, counted per provider, hour and kind of
 * refusal (malformed, forged, unverifiable): bounded storage however much
 * is sent, and enough for the seller to notice refusals in bulk.
 */
export const webhookRefusals = pgTable(
  'webhook_refusals',
  {
    provider: paymentProvider('provider').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    refusal: text('refusal').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.provider, table.hour, table.refusal] })],
);

// ── Our own e-mail ──────────────────────────────────────────────────────────

/**
 * The e-mails we send over SMTP, as rendered. A message is written in the
 * same transaction as what causes it, with a `mail` job that sends it (see
 * jobs/queue.ts); `dedupeKey` keeps one message per cause (one
 * confirmation per order, one digest per day).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    /** enrolment-confirmed, seller-attention, seller-digest, ... */
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    to: jsonb('to').$type<string[]>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** `{ filename, contentType, content }` with the content as UTF-8 text (an .ics file). */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    orderId: text('order_id').references(() => orders.id),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The SMTP server's id of the message, once accepted. */
    messageId: text('message_id'),
    /**
     * When sending stopped for good: the mail server refused the message (a
     * 5xx answer for its recipient or content), or temporary failures went
     * on past the outbox's bound. Never set with `sent_at`.
     */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Why, in the mail server's words, e.g. "550 5.1.1 <a@b.c>: user unknown". */
    failure: text('failure'),
    /** `refused` (a permanent answer) or `gave-up` (temporary failures past the bound). */
    failureKind: text('failure_kind'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('mail_outbox_once').on(table.dedupeKey),
    index('mail_outbox_order').on(table.orderId),
  ],
);

// ── The back office ─────────────────────────────────────────────────────────

/**
 * The seller's policy for buyers' own cancels and moves (one row): new
 * orders take a copy of it (orders.buyer_policy).
 */
export const buyerPolicies = pgTable(
  'buyer_policy',
  {
    id: integer('id').primaryKey().default(1),
    policy: jsonb('policy').$type<BuyerPolicy>().notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('buyer_policy_one_row', sql`${table.id} = 1`)],
);

/** The seller's settings for orders of several seats (one row; contract's group-orders.ts). */
export const groupSales = pgTable(
  'group_sales',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').$type<GroupSales>().notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('group_sales_one_row', sql`${table.id} = 1`)],
);

/**
 * What people did: every seller action, and every buyer's action on their
 * own order: who, when, what, and the record before and after.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The seller's or the buyer's proven address (or the command line's name). */
    actorEmail: text('actor_email').notNull(),
    /** Who acted: a seller (back office, command line) or the order's buyer (My orders). */
    actorRole: text('actor_role').$type<'seller' | 'buyer'>().notNull().default('seller'),
    /** e.g. order.refund, batch.update, discount.create, content.update. */
    action: text('action').notNull(),
    /** order, batch, discount-code, content, image. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_target').on(table.targetType, table.targetId),
    index('audit_log_created').on(table.createdAt),
  ],
);

/**
 * A seller's request key and the answer it got: a repeat of the request is
 * answered from here, and two at once are settled by the unique key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** order-action (a seller's or a buyer's), waitlist-remove. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Whose request it was: a seller's or a buyer's address. */
    actorEmail: text('actor_email').notNull(),
    targetId: text('target_id').notNull(),
    /** What was asked (action and target): the same key for another request is refused. */
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer').$type<{ message: string; refusedWith?: number }>().notNull(),
    /** The audit entry written with it, whose outcome is kept in step with the answer. */
    auditId: bigint('audit_id', { mode: 'number' }).references(() => auditLog.id),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('idempotency_keys_once').on(table.scope, table.key)],
);

/** The workshop page's content a seller edits (instructor, testimonials, outline, certificate). */
export const siteContent = pgTable('site_content', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: updatedAt(),
});

/** Images a seller uploaded, served by us; size-limited and type-checked on upload. */
export const uploadedImages = pgTable('uploaded_images', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  sha256: text('sha256').notNull(),
  /** The image itself, base64 (one table for every instance; images are small). */
  data: text('data').notNull(),
  uploadedBy: text('uploaded_by').notNull(),
  createdAt: createdAt(),
});

// ── The waitlist of a full batch ────────────────────────────────────────────

/** The contract's states of a place in line. */
export const waitlistState = pgEnum(
  'waitlist_state',
  waitlistStateSchema.options as [WaitlistState, ...WaitlistState[]],
);

/**
 * A place in a full batch's line. While `offered`, the place holds one of the
 * batch's seats (counted in `batches.seats_taken`) until `offerExpiresAt`;
 * the offer's secret is only in the e-mail, its SHA-256 here. One active
 * place (waiting or offered) per address per batch.
 */
export const waitlistPlaces = pgTable(
  'waitlist_places',
  {
    id: serial('id').primaryKey(),
    batchId: text('batch_id')
      .notNull()
      .references(() => batches.id),
    /** Lower-case, from the verified token. */
    email: text('email').notNull(),
    firebaseUid: text('firebase_uid').notNull(),
    state: waitlistState('state').notNull().default('waiting'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** Hex SHA-256 of the offer link's token. */
    offerTokenHash: text('offer_token_hash'),
    /** Offers made to this place so far. */
    offers: integer('offers').notNull().default(0),
    /** The order placed with the held seat. */
    orderId: text('order_id').references(() => orders.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('waitlist_places_one_active')
      .on(table.batchId, table.email)
      .where(sql`${table.state} in ('waiting', 'offered')`),
    uniqueIndex('waitlist_places_offer_token').on(table.offerTokenHash),
    index('waitlist_places_line').on(table.batchId, table.state, table.joinedAt),
    index('waitlist_places_offer_expiry')
      .on(table.offerExpiresAt)
      .where(sql`${table.state} = 'offered'`),
    index('waitlist_places_email').on(table.email),
  ],
);

// ── Infrastructure ──────────────────────────────────────────────────────────

/**
 * Fixed-window request counters shared by every server instance, so a rate
 * limit holds across a load balancer.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * One row every instance's readiness check writes (and commits) every few
 * seconds: a database that cannot write (a full disk, read-only) answers
 * reads for a while, and readiness should not say it is fine.
 */
export const writeHeartbeat = pgTable(
  'write_heartbeat',
  {
    id: integer('id').primaryKey(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('write_heartbeat_one_row', sql`${table.id} = 1`)],
);

/**
 * Providers' OAuth access tokens, shared by every instance: Zoho lets a
 * refresh token mint only 10 access tokens in 10 minutes, so instances
 * that each refreshed their own (a rolling deploy, a crash loop) could lock
 * the site out. `key` is a hash naming the refresh token, never the token
 * itself. One instance at a time refreshes (`leased_until`); a refresh the
 * provider refused is remembered (`refused_until`) so nobody asks again
 * before then.
 */
export const providerAccessTokens = pgTable('provider_access_tokens', {
  key: text('key').primaryKey(),
  accessToken: text('access_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  refusedUntil: timestamp('refused_until', { withTimezone: true }),
  /** What the provider said when it refused, for the log and the callers' error. */
  refusal: text('refusal'),
  updatedAt: updatedAt(),
});

// ── Background work ─────────────────────────────────────────────────────────

/**
 * The one queue of background work (see core/jobs/queue.ts). A job is
 * written in the same transaction as its cause; `key` keeps one job per
 * cause while it is not done. A claimed job's `run_at` is pushed past its
 * lease, so a job whose instance died is due again by itself.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('jobs_once')
      .on(table.kind, table.key)
      .where(sql`${table.doneAt} is null`),
    index('jobs_due')
      .on(table.runAt)
      .where(sql`${table.doneAt} is null`),
  ],
);
