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