-- Instances no longer read catalog_version before answering from their catalog cache: each
-- hears a change by notification (migration 0006), and its own changes as they commit, since
-- its pooled connections listen too. The version row only made every catalog-changing commit
-- (each purchase that takes a seat) wait its turn for one row, so it goes.
DROP TRIGGER "workshops_catalog_version" ON "workshops";--> statement-breakpoint
DROP TRIGGER "prices_catalog_version" ON "prices";--> statement-breakpoint
DROP TRIGGER "batches_catalog_version" ON "batches";--> statement-breakpoint
DROP TRIGGER "discount_codes_catalog_version" ON "discount_codes";--> statement-breakpoint
DROP FUNCTION "catalog_version_bump"();--> statement-breakpoint
DROP TABLE "catalog_version";
