CREATE TABLE "buyer_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"policy" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_policy_one_row" CHECK ("buyer_policy"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_policy" jsonb;--> statement-breakpoint
ALTER TABLE "seller_audit" ADD COLUMN "actor_role" text DEFAULT 'seller' NOT NULL;