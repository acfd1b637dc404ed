/**
 * The workshops' list prices per currency, in minor units. A new price
 * applies to orders placed from then on; an order keeps the price it was
 * placed at.
 */
import {
  currencySchema,
  type Currency,
  type SellerPriceList,
  type SellerWorkshopPrices,
} from '@wifi7/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { prices, workshops } from '../db/schema';
import { upsert } from '../db/upsert';
import { type Actor, recordSellerAction } from '../core/audit';
import { notFound } from './change-errors';

const CURRENCIES = currencySchema.options;

export type PriceChanges = Record<Currency, number> & { note?: string | undefined };

async function selectWorkshopPrices(db: Db, sku?: string): Promise<SellerWorkshopPrices[]> {
  const [workshopRows, priceRows] = await Promise.all([
    db
      .select({
        sku: workshops.sku,
        name: workshops.name,
        active: workshops.active,
        holdHours: workshops.holdHours,
      })
      .from(workshops)
      .where(sku ? eq(workshops.sku, sku) : undefined)
      .orderBy(asc(workshops.position), asc(workshops.sku)),
    db
      .select()
      .from(prices)
      .where(sku ? eq(prices.workshopSku, sku) : undefined),
  ]);
  return workshopRows.map((workshop) => {
    const amountIn = (currency: Currency) =>
      priceRows.find((row) => row.workshopSku === workshop.sku && row.currency === currency)
        ?.amountMinor ?? null;
    return { ...workshop, prices: { USD: amountIn('USD'), INR: amountIn('INR') } };
  });
}

export async function listPricesForSeller(db: Db): Promise<SellerPriceList> {
  return { workshops: await selectWorkshopPrices(db), currencies: [...CURRENCIES] };
}

/** Sets a workshop's price in one currency (the catalog file's load sets them so too). */
export const setPrice = (db: Db, workshopSku: string, currency: Currency, amountMinor: number) =>
  upsert(db, prices, ['workshopSku', 'currency'], { workshopSku, currency, amountMinor });

/** Sets a workshop's price in every currency at once. */
export async function setWorkshopPrices(
  db: Database,
  actor: Actor,
  sku: string,
  changes: PriceChanges,
): Promise<SellerWorkshopPrices> {
  await db.transaction(async (tx) => {
    const [before] = await selectWorkshopPrices(tx, sku);
    if (!before) throw notFound(`There is no workshop ${sku}.`);
    for (const currency of CURRENCIES) {
      await setPrice(tx, sku, currency, changes[currency]);
    }
    await recordSellerAction(tx, {
      sellerEmail: actor,
      action: 'workshop.prices',
      targetType: 'workshop',
      targetId: sku,
      before: before.prices,
      after: Object.fromEntries(CURRENCIES.map((currency) => [currency, changes[currency]])),
      note: changes.note ?? null,
    });
  });
  return (await selectWorkshopPrices(db, sku))[0]!;
}
