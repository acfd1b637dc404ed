/**
 * Why the seller's change to the catalog was refused, in words the back
 * office and the command-line tool show as they are. Nothing was changed.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { workshops } from '../db/schema';
import { HttpError } from '../lib/http-error';

class CatalogChangeRefused extends HttpError {}

export const notFound = (message: string) => new CatalogChangeRefused(404, message);
/** The change conflicts with what the catalog holds now (taken seats, an existing code). */
export const conflict = (message: string) => new CatalogChangeRefused(409, message);
/** The change names something that does not fit (an unknown workshop). */
export const unprocessable = (message: string) => new CatalogChangeRefused(422, message);

/** Refuses a change that names a workshop the catalog does not hold (none named: nothing to check). */
export async function refuseUnknownWorkshop(tx: Db, sku: string | null): Promise<void> {
  if (sku === null) return;
  const [workshop] = await tx
    .select({ sku: workshops.sku })
    .from(workshops)
    .where(eq(workshops.sku, sku));
  if (!workshop) throw unprocessable(`There is no workshop ${sku}.`);
}
