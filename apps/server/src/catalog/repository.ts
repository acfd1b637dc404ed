/** Catalog queries of the buyers' side; the seller's changes are in *-admin.ts. */
import { and, eq, sql } from 'drizzle-orm';
import type { Currency } from '@wifi7/contract';
import type { Db } from '../db/client';
import { batches, discountCodes, prices, workshops } from '../db/schema';
import type { DiscountCodeRow } from './discounts';

export interface WorkshopPrice {
  sku: string;
  name: string;
  amountMinor: number;
}

/**
 * Prices of active workshops in one currency, keyed by SKU: of `skus`, or of
 * every workshop (what the cache keeps) when none are named.
 */
export async function findPrices(
  db: Db,
  currencyCode: Currency,
  skus?: readonly string[],
): Promise<Map<string, WorkshopPrice>> {
  if (skus?.length === 0) return new Map();
  const rows = await db
    .select({ sku: workshops.sku, name: workshops.name, amountMinor: prices.amountMinor })
    .from(workshops)
    .innerJoin(
      prices,
      and(eq(prices.workshopSku, workshops.sku), eq(prices.currency, currencyCode)),
    )
    .where(and(eq(workshops.active, true), skus && sql`${workshops.sku} in ${skus}`));
  return new Map(rows.map((row) => [row.sku, row]));
}

/** Every discount code, keyed by its upper-case spelling (codes are unique whatever their case). */
export async function findAllDiscountCodes(db: Db): Promise<Map<string, DiscountCodeRow>> {
  const rows = await db.select().from(discountCodes);
  return new Map(rows.map((row) => [row.code.toUpperCase(), row]));
}

export type BatchRow = typeof batches.$inferSelect;

export async function findBatch(db: Db, id: string): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(batches).where(eq(batches.id, id));
  return row;
}

export async function findDiscountCode(db: Db, code: string): Promise<DiscountCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = upper(${code})`);
  return row;
}
