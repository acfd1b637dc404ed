CREATE TYPE "public"."batch_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."currency" AS ENUM('USD', 'INR');--> statement-breakpoint
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
	CONSTRAINT "discount_codes_percent_range" CHECK ("discount_codes"."percent" between 1 and 100),
	CONSTRAINT "discount_codes_uses_within_limit" CHECK ("discount_codes"."uses" >= 0 and ("discount_codes"."max_uses" is null or "discount_codes"."uses" <= "discount_codes"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"email" text PRIMARY KEY NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"times_seen" integer DEFAULT 1 NOT NULL
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
ALTER TABLE "batches" ADD CONSTRAINT "batches_workshop_sku_workshops_sku_fk" FOREIGN KEY ("workshop_sku") REFERENCES "public"."workshops"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_workshop_sku_workshops_sku_fk" FOREIGN KEY ("workshop_sku") REFERENCES "public"."workshops"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_workshop_sku_workshops_sku_fk" FOREIGN KEY ("workshop_sku") REFERENCES "public"."workshops"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_upper" ON "discount_codes" USING btree (upper("code"));