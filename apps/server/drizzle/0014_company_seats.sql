CREATE TYPE "public"."seat_state" AS ENUM('active', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TABLE "group_sales" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_sales_one_row" CHECK ("group_sales"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "order_seats" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"number" integer NOT NULL,
	"state" "seat_state" DEFAULT 'active' NOT NULL,
	"attendee_email" text,
	"attendee_first_name" text,
	"attendee_last_name" text,
	"holder" integer DEFAULT 0 NOT NULL,
	"invite_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_seats_invite_code_unique" UNIQUE("invite_code"),
	CONSTRAINT "order_seats_named_whole" CHECK (("order_seats"."attendee_email" is null) = ("order_seats"."attendee_first_name" is null) and ("order_seats"."attendee_email" is null) = ("order_seats"."attendee_last_name" is null))
);
--> statement-breakpoint
DROP INDEX "orders_one_open_per_buyer";--> statement-breakpoint
DROP INDEX "orders_one_paid_per_buyer";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "group_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seat_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unit_price_minor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "volume_discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_email" text;--> statement-breakpoint
ALTER TABLE "order_seats" ADD CONSTRAINT "order_seats_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_seats_number" ON "order_seats" USING btree ("order_id","number");--> statement-breakpoint
CREATE INDEX "order_seats_attendee" ON "order_seats" USING btree ("attendee_email");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_buyer" ON "orders" USING btree ("email","workshop_sku","group_order") WHERE "orders"."status" in ('pending', 'awaiting_payment');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_paid_per_buyer" ON "orders" USING btree ("email","workshop_sku") WHERE "orders"."status" = 'paid' and not "orders"."group_order";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seat_count" CHECK ("orders"."seat_count" >= 1);--> statement-breakpoint
-- Every order has its seats as rows: an order placed before this holds one, for its buyer
-- (named as billed; a row without names, written by hand, gets empty ones).
UPDATE "orders" SET "unit_price_minor" = "subtotal_minor";--> statement-breakpoint
INSERT INTO "order_seats" ("id", "order_id", "number", "state", "attendee_email", "attendee_first_name", "attendee_last_name", "holder", "created_at", "updated_at")
SELECT "id" || '-1', "id", 1, 'active', "email", coalesce("billing"->>'firstName', ''), coalesce("billing"->>'lastName', ''), 1, "created_at", "updated_at" FROM "orders";
