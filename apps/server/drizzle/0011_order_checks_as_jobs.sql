-- Issue 26: an order's next provider check becomes an "order.check" job keyed by the order's id,
-- due when the order was, with the checks made so far as its attempts.
INSERT INTO "jobs" ("id", "kind", "key", "run_at", "attempts")
SELECT gen_random_uuid()::text, 'order.check', "id", "next_check_at", "check_attempts"
FROM "orders" WHERE "next_check_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "orders_next_check";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "next_check_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "check_attempts";
