-- Every change to what the catalog reads (workshops, prices, batches with their seat counts,
-- discount codes with their use counts) tells each server instance to drop its catalog cache.
-- A trigger per table means no code path (back office, command line, holds, expiries,
-- waitlist) can forget to. One notification per statement, folded per transaction by Postgres.
CREATE FUNCTION "catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "workshops_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workshops" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "prices_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "prices" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "batches_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "batches" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "discount_codes_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "discount_codes" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
--> statement-breakpoint
-- A notification reaches the other instances a moment after the commit; a buyer who asks one
-- of them in that moment must not see the catalog as it was. So a version row changes in the
-- same commit, and an instance on PostgreSQL reads it (one cheap read shared by all the
-- requests that arrive while it runs) before answering from memory. Bumped by deferred
-- triggers, at commit: a transaction takes this row's lock last, so two never wait on each
-- other for it while holding a catalog row.
CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "catalog_version" DEFAULT VALUES;--> statement-breakpoint
CREATE FUNCTION "catalog_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalog_version" SET "version" = "version" + 1;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "workshops_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "workshops" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "prices_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "prices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "batches_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "batches" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "discount_codes_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "discount_codes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_version_bump"();
