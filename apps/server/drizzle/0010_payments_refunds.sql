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
ALTER TABLE "orders" DROP COLUMN "payment_references";