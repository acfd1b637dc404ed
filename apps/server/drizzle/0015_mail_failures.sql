-- Issue 30: a message the mail server refused, or that failed past the outbox's bound, is kept as failed and no longer retried.
ALTER TABLE "mail_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "failure_kind" text;