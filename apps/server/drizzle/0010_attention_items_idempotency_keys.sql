CREATE TABLE "attention_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text,
	"kind" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"seller_email" text NOT NULL,
	"target_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb NOT NULL,
	"audit_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attention_items" ADD CONSTRAINT "attention_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_audit_id_seller_audit_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."seller_audit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attention_items_one_open" ON "attention_items" USING btree ("order_id","kind") WHERE "attention_items"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "attention_items_open" ON "attention_items" USING btree ("opened_at") WHERE "attention_items"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_once" ON "idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
-- Each order's attention text becomes an open item: one note of a kind today's code writes is
-- recognised with the words it needs; anything else (several notes run together, a note typed
-- by hand) is kept word for word as a note of unknown kind.
INSERT INTO "attention_items" ("order_id", "kind", "details", "opened_at")
SELECT id, kind, details, updated_at FROM (
  SELECT o.id, o.updated_at, c.kind, c.details
  FROM "orders" o
  CROSS JOIN LATERAL (
    SELECT * FROM (VALUES
      (1, 'lost-create', CASE WHEN o.attention = 'The payment provider did not answer the request for this order''s invoice or link, and may have made it. Look for reference ' || id || ' at the provider: attach what you find (npm run orders -- attach ' || id || ' <provider id>), or, if there is nothing, issue a new one (npm run orders -- reissue ' || id || ').' THEN '{}'::jsonb END),
      (2, 'seatless', CASE WHEN o.attention = 'Paid after the order was closed, and the batch is now full: add a seat or refund.' THEN '{}'::jsonb END),
      (3, 'unwithdrawable', CASE WHEN o.attention = 'This order''s invoice or link could not be withdrawn (the provider refused): withdraw it at the provider.' THEN '{}'::jsonb END),
      (4, 'partly-refunded', CASE WHEN o.attention = 'Partly refunded at the provider: check access.' THEN '{}'::jsonb END),
      (5, 'refunded-unheard', CASE WHEN o.attention = 'Paid and refunded at the provider before the site heard of either: the order was closed and its seat released, and no money was kept. Dismiss this note once you have seen it.' THEN '{"partial": false}'::jsonb END),
      (6, 'refunded-unheard', CASE WHEN o.attention = 'Paid and partly refunded at the provider before the site heard of either: the order was closed and its seat released, and the provider still holds part of the payment: refund the rest there.' THEN '{"partial": true}'::jsonb END),
      (7, 'extra-object', (SELECT jsonb_build_object('reference', m[1], 'withdrawn', true) FROM regexp_match(o.attention, '^A second payment object \((.+)\) existed for this order; it was withdrawn\.$') m WHERE m IS NOT NULL)),
      (8, 'extra-object', (SELECT jsonb_build_object('reference', m[1], 'withdrawn', false) FROM regexp_match(o.attention, '^A second payment object \((.+)\) exists for this order and could not be withdrawn: withdraw it at the provider\.$') m WHERE m IS NOT NULL)),
      (9, 'unknown-refund', (SELECT jsonb_build_object('amount', m[1]) FROM regexp_match(o.attention, '^A refund of (.+) got no answer from the payment provider and may have been made: check the payment at the provider, then dismiss this note before refunding again\.$') m WHERE m IS NOT NULL)),
      (10, 'part-payment', (SELECT jsonb_build_object('received', m[1], 'due', m[2]) FROM regexp_match(o.attention, '^Partly paid at the provider \(received (.+?), (.+) still due\)\. ' || 'The\ order\ keeps\ its\ seat\ until\ you\ decide,\ at\ the\ provider:\ record\ the\ rest\ as\ paid\ there\ if\ you\ accept\ what\ came,\ or\ refund\ it\ there;\ the\ site\ settles\ the\ order\ when\ it\ hears\.' || '$') m WHERE m IS NOT NULL)),
      (11, 'part-payment', (SELECT jsonb_build_object('providerSays', m[1]) FROM regexp_match(o.attention, '^Partly paid at the provider \((.+)\)\. ' || 'The\ order\ keeps\ its\ seat\ until\ you\ decide,\ at\ the\ provider:\ record\ the\ rest\ as\ paid\ there\ if\ you\ accept\ what\ came,\ or\ refund\ it\ there;\ the\ site\ settles\ the\ order\ when\ it\ hears\.' || '$') m WHERE m IS NOT NULL)),
      (12, 'paid-twice', (SELECT jsonb_build_object('paymentIds', m[1], 'orderId', m[2], 'paidBy', m[3]) FROM regexp_match(o.attention, '^Paid twice for the same workshop: refund this payment \((.*)\); order (\S+) was paid by (.*)\.$') m WHERE m IS NOT NULL)),
      (13, 'paid-again', (SELECT jsonb_build_object('further', m[1], 'reference', m[2], 'paidBy', m[3]) FROM regexp_match(o.attention, '^Paid again on this order \((.*?), on (.*)\); it was paid by (.*): refund one\.$') m WHERE m IS NOT NULL)),
      (14, 'mismatch', CASE WHEN o.attention ~ '^(PayPal|Zoho) (says PAID but reports no paid amount|reports .+ paid; the order is .+)\.$' THEN jsonb_build_object('text', o.attention) END),
      (99, 'note', jsonb_build_object('text', o.attention))
    ) AS k(rank, kind, details)
    WHERE k.details IS NOT NULL
    ORDER BY k.rank
    LIMIT 1
  ) c
  WHERE o.attention IS NOT NULL AND o.attention <> ''
) moved;
--> statement-breakpoint
-- Request keys kept in the audit log's JSON move to their own table, the earliest entry of a key
-- first (a later one with the same key was a repeat); the hash is what request-keys.ts computes.
INSERT INTO "idempotency_keys" ("scope", "key", "seller_email", "target_id", "request_hash", "answer", "audit_id", "created_at")
SELECT
  CASE "target_type" WHEN 'order' THEN 'seller-order-action' ELSE 'waitlist-remove' END,
  "after" ->> 'requestKey',
  "seller_email",
  "target_id",
  encode(sha256(convert_to("action" || E'\n' || "target_id", 'UTF8')), 'hex'),
  jsonb_build_object('message', coalesce("after" ->> 'message', 'Done already.'))
    || CASE WHEN jsonb_typeof("after" -> 'refusedWith') = 'number'
       THEN jsonb_build_object('refusedWith', "after" -> 'refusedWith') ELSE '{}'::jsonb END,
  "id",
  "created_at"
FROM "seller_audit"
WHERE "after" ->> 'requestKey' IS NOT NULL AND "target_type" IN ('order', 'waitlist-place')
ORDER BY "id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "attention";