ALTER TYPE "public"."handoff_kind" ADD VALUE 'enrollment.moved';--> statement-breakpoint
DROP INDEX "portal_handoffs_once";--> statement-breakpoint
ALTER TABLE "portal_handoffs" ADD COLUMN "dedupe_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_handoffs_once" ON "portal_handoffs" USING btree ("order_id","kind","dedupe_key");