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
