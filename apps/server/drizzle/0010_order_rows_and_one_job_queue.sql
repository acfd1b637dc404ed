-- Issue 26: an order's payments, refunds and attention items as rows, idempotency keys with a
-- unique constraint, and one job queue. Each part moves today's data before dropping what it replaces.
CREATE TYPE "public"."order_payment_state" AS ENUM('confirmed', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('paypal', 'zoho', 'manual');--> statement-breakpoint
CREATE TYPE "public"."refund_source" AS ENUM('seller', 'buyer', 'provider');--> statement-breakpoint
CREATE TYPE "public"."refund_state" AS ENUM('requested', 'pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" "payment_method" NOT NULL,
	"provider_payment_id" text,
	"amount_minor" integer,
	"currency" "currency" NOT NULL,
	"state" "order_payment_state" DEFAULT 'confirmed' NOT NULL,
	"note" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"state" "refund_state" DEFAULT 'requested' NOT NULL,
	"source" "refund_source" NOT NULL,
	"amount_minor" integer,
	"currency" "currency" NOT NULL,
	"provider_refund_id" text,
	"requested_by" text,
	"reason" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_order" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_once" ON "order_payments" USING btree ("order_id","provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
-- Today's payment ids carry no amounts. A paid order's only id is credited with the order's total, which
-- settling it required; an order with several ids (a second payment flagged for a refund) or one never paid
-- (a payment on a duplicate order) keeps them without an amount rather than a guessed one.
-- "manual: <note>" is the seller's record of a payment outside the rails.
INSERT INTO "order_payments" ("order_id", "provider", "provider_payment_id", "amount_minor", "currency", "state", "note", "received_at", "created_at")
SELECT o."id",
  CASE WHEN r.ref LIKE 'manual: %' THEN 'manual' WHEN o."rail" = 'paypal_invoice' THEN 'paypal' ELSE 'zoho' END::"payment_method",
  CASE WHEN r.ref LIKE 'manual: %' THEN NULL ELSE r.ref END,
  CASE WHEN o."paid_at" IS NOT NULL AND jsonb_array_length(o."payment_references") = 1 THEN o."total_minor" END,
  o."currency",
  CASE WHEN o."status" = 'refunded' THEN 'refunded' ELSE 'confirmed' END::"order_payment_state",
  CASE WHEN r.ref LIKE 'manual: %' THEN substr(r.ref, 9) END,
  coalesce(o."paid_at", o."updated_at"), coalesce(o."paid_at", o."updated_at")
FROM "orders" o CROSS JOIN LATERAL jsonb_array_elements_text(o."payment_references") WITH ORDINALITY AS r(ref, position)
ORDER BY o."id", r.position;--> statement-breakpoint
-- Each back-office refund was one "order.refund" audit entry, written once the provider had accepted it.
INSERT INTO "order_refunds" ("order_id", "state", "source", "amount_minor", "currency", "provider_refund_id", "requested_by", "reason", "note", "created_at", "updated_at")
SELECT a."target_id",
  CASE WHEN a."after" ->> 'refundState' = 'pending' THEN 'pending' ELSE 'succeeded' END::"refund_state",
  'seller', (a."after" ->> 'amountMinor')::integer, o."currency", a."after" ->> 'refundReference',
  a."seller_email", a."after" ->> 'reason', a."note", a."created_at", a."created_at"
FROM "seller_audit" a JOIN "orders" o ON o."id" = a."target_id"
WHERE a."target_type" = 'order' AND a."action" = 'order.refund'
ORDER BY a."id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_references";--> statement-breakpoint
CREATE TABLE "attention_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text,
	"kind" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"seller_email" text NOT NULL,
	"target_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb NOT NULL,
	"audit_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attention_items" ADD CONSTRAINT "attention_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_audit_id_seller_audit_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."seller_audit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attention_items_one_open" ON "attention_items" USING btree ("order_id","kind") WHERE "attention_items"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "attention_items_open" ON "attention_items" USING btree ("opened_at") WHERE "attention_items"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_once" ON "idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
-- Each order's attention text becomes an open item: one note of a kind today's code writes is
-- recognised with the words it needs; anything else (several notes run together, a note typed
-- by hand) is kept word for word as a note of unknown kind.
INSERT INTO "attention_items" ("order_id", "kind", "details", "opened_at")
SELECT id, kind, details, updated_at FROM (
  SELECT o.id, o.updated_at, c.kind, c.details
  FROM "orders" o
  CROSS JOIN LATERAL (
    SELECT * FROM (VALUES
      (1, 'lost-create', CASE WHEN o.attention = 'The payment provider did not answer the request for this order''s invoice or link, and may have made it. Look for reference ' || id || ' at the provider: attach what you find (npm run orders -- attach ' || id || ' <provider id>), or, if there is nothing, issue a new one (npm run orders -- reissue ' || id || ').' THEN '{}'::jsonb END),
      (2, 'seatless', CASE WHEN o.attention = 'Paid after the order was closed, and the batch is now full: add a seat or refund.' THEN '{}'::jsonb END),
      (3, 'unwithdrawable', CASE WHEN o.attention = 'This order''s invoice or link could not be withdrawn (the provider refused): withdraw it at the provider.' THEN '{}'::jsonb END),
      (4, 'partly-refunded', CASE WHEN o.attention = 'Partly refunded at the provider: check access.' THEN '{}'::jsonb END),
      (5, 'refunded-unheard', CASE WHEN o.attention = 'Paid and refunded at the provider before the site heard of either: the order was closed and its seat released, and no money was kept. Dismiss this note once you have seen it.' THEN '{"partial": false}'::jsonb END),
      (6, 'refunded-unheard', CASE WHEN o.attention = 'Paid and partly refunded at the provider before the site heard of either: the order was closed and its seat released, and the provider still holds part of the payment: refund the rest there.' THEN '{"partial": true}'::jsonb END),
      (7, 'extra-object', (SELECT jsonb_build_object('reference', m[1], 'withdrawn', true) FROM regexp_match(o.attention, '^A second payment object \((.+)\) existed for this order; it was withdrawn\.$') m WHERE m IS NOT NULL)),
      (8, 'extra-object', (SELECT jsonb_build_object('reference', m[1], 'withdrawn', false) FROM regexp_match(o.attention, '^A second payment object \((.+)\) exists for this order and could not be withdrawn: withdraw it at the provider\.$') m WHERE m IS NOT NULL)),
      (9, 'unknown-refund', (SELECT jsonb_build_object('amount', m[1]) FROM regexp_match(o.attention, '^A refund of (.+) got no answer from the payment provider and may have been made: check the payment at the provider, then dismiss this note before refunding again\.$') m WHERE m IS NOT NULL)),
      (10, 'part-payment', (SELECT jsonb_build_object('received', m[1], 'due', m[2]) FROM regexp_match(o.attention, '^Partly paid at the provider \(received (.+?), (.+) still due\)\. ' || 'The\ order\ keeps\ its\ seat\ until\ you\ decide,\ at\ the\ provider:\ record\ the\ rest\ as\ paid\ there\ if\ you\ accept\ what\ came,\ or\ refund\ it\ there;\ the\ site\ settles\ the\ order\ when\ it\ hears\.' || '$') m WHERE m IS NOT NULL)),
      (11, 'part-payment', (SELECT jsonb_build_object('providerSays', m[1]) FROM regexp_match(o.attention, '^Partly paid at the provider \((.+)\)\. ' || 'The\ order\ keeps\ its\ seat\ until\ you\ decide,\ at\ the\ provider:\ record\ the\ rest\ as\ paid\ there\ if\ you\ accept\ what\ came,\ or\ refund\ it\ there;\ the\ site\ settles\ the\ order\ when\ it\ hears\.' || '$') m WHERE m IS NOT NULL)),
      (12, 'paid-twice', (SELECT jsonb_build_object('paymentIds', m[1], 'orderId', m[2], 'paidBy', m[3]) FROM regexp_match(o.attention, '^Paid twice for the same workshop: refund this payment \((.*)\); order (\S+) was paid by (.*)\.$') m WHERE m IS NOT NULL)),
      (13, 'paid-again', (SELECT jsonb_build_object('further', m[1], 'reference', m[2], 'paidBy', m[3]) FROM regexp_match(o.attention, '^Paid again on this order \((.*?), on (.*)\); it was paid by (.*): refund one\.$') m WHERE m IS NOT NULL)),
      (14, 'mismatch', CASE WHEN o.attention ~ '^(PayPal|Zoho) (says PAID but reports no paid amount|reports .+ paid; the order is .+)\.$' THEN jsonb_build_object('text', o.attention) END),
      (99, 'note', jsonb_build_object('text', o.attention))
    ) AS k(rank, kind, details)
    WHERE k.details IS NOT NULL
    ORDER BY k.rank
    LIMIT 1
  ) c
  WHERE o.attention IS NOT NULL AND o.attention <> ''
) moved;
--> statement-breakpoint
-- Request keys kept in the audit log's JSON move to their own table, the earliest entry of a key
-- first (a later one with the same key was a repeat); the hash is what request-keys.ts computes.
INSERT INTO "idempotency_keys" ("scope", "key", "seller_email", "target_id", "request_hash", "answer", "audit_id", "created_at")
SELECT
  CASE "target_type" WHEN 'order' THEN 'seller-order-action' ELSE 'waitlist-remove' END,
  "after" ->> 'requestKey',
  "seller_email",
  "target_id",
  encode(sha256(convert_to("action" || E'\n' || "target_id", 'UTF8')), 'hex'),
  jsonb_build_object('message', coalesce("after" ->> 'message', 'Done already.'))
    || CASE WHEN jsonb_typeof("after" -> 'refusedWith') = 'number'
       THEN jsonb_build_object('refusedWith', "after" -> 'refusedWith') ELSE '{}'::jsonb END,
  "id",
  "created_at"
FROM "seller_audit"
WHERE "after" ->> 'requestKey' IS NOT NULL AND "target_type" IN ('order', 'waitlist-place')
ORDER BY "id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "attention";--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "mail_outbox_due";--> statement-breakpoint
DROP INDEX "portal_handoffs_due";--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_once" ON "jobs" USING btree ("kind","key") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
-- Today's unsent e-mails: each gets the job that sends it, keeping its count and its time.
INSERT INTO "jobs" ("id", "kind", "key", "run_at", "attempts", "last_error", "created_at")
SELECT gen_random_uuid()::text, 'mail', "id", "next_attempt_at", "attempts", "last_error", "created_at"
FROM "mail_outbox" WHERE "sent_at" IS NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "last_error";;--> statement-breakpoint
-- Today's undelivered hand-offs: each gets the job that delivers it, keeping its count and its time.
INSERT INTO "jobs" ("id", "kind", "key", "run_at", "attempts", "last_error", "created_at")
SELECT gen_random_uuid()::text, 'handoff', "id", "next_attempt_at", "attempts", "last_error", "created_at"
FROM "portal_handoffs" WHERE "delivered_at" IS NULL;--> statement-breakpoint
ALTER TABLE "portal_handoffs" DROP COLUMN "next_attempt_at";