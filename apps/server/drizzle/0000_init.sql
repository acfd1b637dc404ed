CREATE TYPE "public"."batch_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."currency" AS ENUM('USD', 'INR');--> statement-breakpoint
CREATE TYPE "public"."handoff_kind" AS ENUM('enrollment.created', 'enrollment.revoked');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending', 'awaiting_payment', 'paid', 'failed', 'expired', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('paypal', 'zoho');--> statement-breakpoint
CREATE TYPE "public"."payment_rail" AS ENUM('paypal_invoice', 'zoho_link');--> statement-breakpoint
CREATE TABLE "applied_discounts" (
	"email" text NOT NULL,
	"workshop_sku" text NOT NULL,
	"code" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applied_discounts_email_workshop_sku_pk" PRIMARY KEY("email","workshop_sku")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" text PRIMARY KEY NOT NULL,
	"workshop_sku" text NOT NULL,
	"description" text NOT NULL,
	"starts_on" date NOT NULL,
	"status" "batch_status" DEFAULT 'open' NOT NULL,
	"seat_capacity" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_capacity_nonnegative" CHECK ("batches"."seat_capacity" >= 0),
	CONSTRAINT "batches_seats_within_capacity" CHECK ("batches"."seats_taken" >= 0 and "batches"."seats_taken" <= "batches"."seat_capacity")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"percent" integer NOT NULL,
	"workshop_sku" text,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_percent_range" CHECK ("discount_codes"."percent" between 1 and 99),
	CONSTRAINT "discount_codes_uses_within_limit" CHECK ("discount_codes"."uses" >= 0 and ("discount_codes"."max_uses" is null or "discount_codes"."uses" <= "discount_codes"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "handoff_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"handoff_id" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"email" text PRIMARY KEY NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"times_seen" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"from_status" "order_status",
	"to_status" "order_status" NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"firebase_uid" text NOT NULL,
	"rail" "payment_rail" NOT NULL,
	"status" "order_status" DEFAULT 'pending' NOT NULL,
	"workshop_sku" text NOT NULL,
	"workshop_name" text NOT NULL,
	"batch_id" text NOT NULL,
	"batch_description" text NOT NULL,
	"currency" "currency" NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"discount_code" text,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"billing" jsonb NOT NULL,
	"holds_reserved" boolean DEFAULT true NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"invoice_number" text,
	"provider_reference" text,
	"payment_url" text,
	"provider_cancel_pending" boolean DEFAULT false NOT NULL,
	"provider_lease_until" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"check_attempts" integer DEFAULT 0 NOT NULL,
	"last_provider_error" text,
	"attention" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "orders_amounts" CHECK ("orders"."total_minor" = "orders"."subtotal_minor" - "orders"."discount_minor" and "orders"."total_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"provider_reference" text,
	"order_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "portal_handoffs" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" "handoff_kind" NOT NULL,
	"payload" jsonb NOT NULL,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"workshop_sku" text NOT NULL,
	"currency" "currency" NOT NULL,
	"amount_minor" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prices_workshop_sku_currency_pk" PRIMARY KEY("workshop_sku","currency"),
	CONSTRAINT "prices_amount_nonnegative" CHECK ("prices"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workshops" (
	"sku" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zoho_contacts" (
	"email" text PRIMARY KEY NOT NULL,
	"contact_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applied_discounts" ADD CONSTRAINT "applied_discounts_workshop_sku_workshops_sku_fk" FOREIGN KEY ("workshop_sku") REFERENCES "public"."workshops"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applied_discounts" ADD CONSTRAINT "applied_discounts_code_discount_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."discount_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_workshop_sku_workshops_sku_fk" FOREIGN KEY ("workshop_sku") REFERENCES "public"."workshops"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_workshop_sku_workshops_sku_fk" FOREIGN KEY ("workshop_sku") REFERENCES "public"."workshops"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoff_attempts" ADD CONSTRAINT "handoff_attempts_handoff_id_portal_handoffs_id_fk" FOREIGN KEY ("handoff_id") REFERENCES "public"."portal_handoffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_workshop_sku_workshops_sku_fk" FOREIGN KEY ("workshop_sku") REFERENCES "public"."workshops"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_discount_codes_code_fk" FOREIGN KEY ("discount_code") REFERENCES "public"."discount_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_handoffs" ADD CONSTRAINT "portal_handoffs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_workshop_sku_workshops_sku_fk" FOREIGN KEY ("workshop_sku") REFERENCES "public"."workshops"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_upper" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_buyer" ON "orders" USING btree ("email","workshop_sku") WHERE "orders"."status" in ('pending', 'awaiting_payment');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_paid_per_buyer" ON "orders" USING btree ("email","workshop_sku") WHERE "orders"."status" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_reference" ON "orders" USING btree ("rail","provider_reference");--> statement-breakpoint
CREATE INDEX "orders_next_check" ON "orders" USING btree ("next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_once" ON "payment_events" USING btree ("provider","provider_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_handoffs_once" ON "portal_handoffs" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "portal_handoffs_due" ON "portal_handoffs" USING btree ("next_attempt_at");