/**
 * The buyers' catalog answers as the cache gives them: the same queries as
 * the database reads, kept until the catalog changes (see cache.ts). Only
 * for answers to browse by; an order is priced from the rows.
 */
import type { Currency, ScheduleResponse } from '@wifi7/contract';
import type { Database } from '../../db/client';
import type { CatalogCache } from './cache';
import type { PriceList } from './pricing';
import {
  findAllDiscountCodes,
  findAllPrices,
  listAvailableWorkshops,
  type AvailableWorkshop,
  type WorkshopPrice,
} from './repository';
import { readSchedule } from './schedule';

export interface CatalogReads {
  priceList: PriceList;
  availableWorkshops(): Promise<AvailableWorkshop[]>;
  schedule(): Promise<ScheduleResponse>;
}

export function cachedCatalogReads(db: Database, cache: CatalogCache): CatalogReads {
  const pricesIn = (currency: Currency) =>
    cache.read(`prices:${currency}`, () => findAllPrices(db, currency));
  return {
    priceList: {
      async prices(skus, currency) {
        const all = await pricesIn(currency);
        const found = new Map<string, WorkshopPrice>();
        for (const sku of skus) {
          const price = all.get(sku);
          if (price) found.set(sku, price);
        }
        return found;
      },
      async discountCode(code) {
        const codes = await cache.read('discount-codes', () => findAllDiscountCodes(db));
        return codes.get(code.toUpperCase());
      },
    },
    availableWorkshops: () => cache.read('workshop-list', () => listAvailableWorkshops(db)),
    schedule: () => cache.read('schedule', () => readSchedule(db)),
  };
}
