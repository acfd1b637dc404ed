/**
 * The buyers' catalog answers as the cache gives them: the same queries as
 * the database reads, kept until the catalog changes (see cache.ts). Only
 * for answers to browse by; an order is priced from the rows.
 */
import type { Currency, ScheduleResponse } from '@wifi7/contract';
import type { Database } from '../db/client';
import type { CatalogCache } from './cache';
import type { QuoteInput } from './pricing';
import { pricingAnswers, type PricingAnswer } from './pricing-answers';
import { findAllDiscountCodes, findPrices } from './repository';
import { availableWorkshopsOf, readSchedule, type AvailableWorkshop } from './schedule';

export interface CatalogReads {
  /** The pricing call's answer, worked out once per catalog version and question. */
  pricing(input: QuoteInput): Promise<PricingAnswer>;
  availableWorkshops(): Promise<AvailableWorkshop[]>;
  schedule(): Promise<ScheduleResponse>;
}

export function cachedCatalogReads(db: Database, cache: CatalogCache): CatalogReads {
  const schedule = () => cache.read('schedule', () => readSchedule(db));
  return {
    pricing: pricingAnswers({
      prices: (currency: Currency) =>
        cache.read(`prices:${currency}`, () => findPrices(db, currency)),
      discountCodes: () => cache.read('discount-codes', () => findAllDiscountCodes(db)),
    }),
    // Kept apart from the schedule it is made of, so it stays one object (frozen-answers.ts).
    availableWorkshops: () =>
      cache.read('workshop-list', async () => availableWorkshopsOf(await schedule())),
    schedule,
  };
}
