-- Issue 28: buyers act on their own orders, so the audit log records people, not only sellers.
ALTER TABLE "seller_audit" RENAME TO "audit_log";--> statement-breakpoint
ALTER TABLE "audit_log" RENAME COLUMN "seller_email" TO "actor_email";--> statement-breakpoint
ALTER TABLE "audit_log" RENAME CONSTRAINT "seller_audit_pkey" TO "audit_log_pkey";--> statement-breakpoint
ALTER SEQUENCE "seller_audit_id_seq" RENAME TO "audit_log_id_seq";--> statement-breakpoint
ALTER INDEX "seller_audit_target" RENAME TO "audit_log_target";--> statement-breakpoint
ALTER INDEX "seller_audit_created" RENAME TO "audit_log_created";--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME COLUMN "seller_email" TO "actor_email";--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME CONSTRAINT "idempotency_keys_audit_id_seller_audit_id_fk" TO "idempotency_keys_audit_id_audit_log_id_fk";
--> statement-breakpoint
UPDATE "idempotency_keys" SET "scope" = 'order-action' WHERE "scope" = 'seller-order-action';
