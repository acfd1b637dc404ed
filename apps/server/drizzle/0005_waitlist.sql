CREATE TYPE "public"."waitlist_state" AS ENUM('waiting', 'offered', 'converted', 'expired', 'left', 'removed');--> statement-breakpoint
CREATE TABLE "waitlist_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"email" text NOT NULL,
	"firebase_uid" text NOT NULL,
	"state" "waitlist_state" DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offer_token_hash" text,
	"offers" integer DEFAULT 0 NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_places" ADD CONSTRAINT "waitlist_places_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_places" ADD CONSTRAINT "waitlist_places_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_places_one_active" ON "waitlist_places" USING btree ("batch_id","email") WHERE "waitlist_places"."state" in ('waiting', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_places_offer_token" ON "waitlist_places" USING btree ("offer_token_hash");--> statement-breakpoint
CREATE INDEX "waitlist_places_line" ON "waitlist_places" USING btree ("batch_id","state","joined_at");--> statement-breakpoint
CREATE INDEX "waitlist_places_offer_expiry" ON "waitlist_places" USING btree ("offer_expires_at") WHERE "waitlist_places"."state" = 'offered';--> statement-breakpoint
CREATE INDEX "waitlist_places_email" ON "waitlist_places" USING btree ("email");