CREATE TABLE "provider_access_tokens" (
	"key" text PRIMARY KEY NOT NULL,
	"access_token" text,
	"expires_at" timestamp with time zone,
	"leased_until" timestamp with time zone,
	"refused_until" timestamp with time zone,
	"refusal" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "write_heartbeat" (
	"id" integer PRIMARY KEY NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	CONSTRAINT "write_heartbeat_one_row" CHECK ("write_heartbeat"."id" = 1)
);
