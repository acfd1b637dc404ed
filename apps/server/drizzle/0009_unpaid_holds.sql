ALTER TABLE "orders" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_network" text;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "hold_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_open_by_network" ON "orders" USING btree ("batch_id","client_network") WHERE "orders"."status" in ('pending', 'awaiting_payment');--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_hold_hours" CHECK ("workshops"."hold_hours" between 1 and 168);