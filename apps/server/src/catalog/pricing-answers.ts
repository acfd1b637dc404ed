/**
 * The pricing call's answers from the catalog cache, each worked out once
 * per price list and question and then given as it is, frozen, so it is
 * also checked and written once (lib/frozen-answers.ts).
 *
 * An answer is kept with the price list it came from: the cache hands out
 * the same list until the catalog changes, then a new one, so a change
 * anywhere drops every answer with it. The discount codes are another
 * cached object, compared the same way. A code's answer changes with time
 * too (not valid yet, then valid, then expired): it is kept only until the
 * next of those moments. A code that does not exist is answered but not
 * kept, so only the catalog's own codes and products take room here.
 */
import type { Currency, PricingResponse } from '@wifi7/contract';
import { freezeAnswer } from '../lib/frozen-answers';
import type { DiscountCodeRow } from './discounts';
import { quoteFrom, toPricingResponse, type QuoteInput } from './pricing';
import type { WorkshopPrice } from './repository';

/** Questions kept per price list at most; past it the list's answers start over. */
const ANSWERS_KEPT = 500;

export interface PricingSource {
  /** Every active workshop's price in `currency`: the same object until the catalog changes. */
  prices(currency: Currency): Promise<Map<string, WorkshopPrice>>;
  /** Every discount code by upper-case spelling: the same object until the catalog changes. */
  discountCodes(): Promise<Map<string, DiscountCodeRow>>;
}

export interface PricingAnswer {
  answer: PricingResponse;
  /** Whether the code applied; null without a code (for the debug log). */
  discountApplies: boolean | null;
}

interface Kept extends PricingAnswer {
  codes: Map<string, DiscountCodeRow> | undefined;
  untilMs: number;
}

export function pricingAnswers(source: PricingSource) {
  const keptByPrices = new WeakMap<Map<string, WorkshopPrice>, Map<string, Kept>>();

  return async (input: QuoteInput, now = new Date()): Promise<PricingAnswer> => {
    const prices = await source.prices(input.currency);
    const codes = input.discountCode ? await source.discountCodes() : undefined;
    const question = `${input.discountCode ?? ''}\n${input.productSkus.join('\n')}`;
    const kept = keptByPrices.get(prices)?.get(question);
    if (kept && kept.codes === codes && now.getTime() < kept.untilMs) return kept;

    const result = await quoteFrom(
      {
        prices: async (skus) => new Map(skus.flatMap((sku) => pricedAs(prices, sku))),
        discountCode: async (code) => codes?.get(code.toUpperCase()),
      },
      input,
      now,
    );
    const answer: PricingAnswer = {
      answer: freezeAnswer(toPricingResponse(result)),
      discountApplies: result.discount?.applies ?? null,
    };
    const row = input.discountCode ? codes?.get(input.discountCode) : undefined;
    if (input.discountCode && !row) return answer;

    let answers = keptByPrices.get(prices);
    if (!answers || answers.size >= ANSWERS_KEPT) {
      answers = new Map();
      keptByPrices.set(prices, answers);
    }
    answers.set(question, { ...answer, codes, untilMs: nextChangeOf(row, now) });
    return answer;
  };
}

function pricedAs(prices: Map<string, WorkshopPrice>, sku: string): [string, WorkshopPrice][] {
  const price = prices.get(sku);
  return price ? [[sku, price]] : [];
}

/** When a code's answer next changes by itself: it becomes valid, or it expires. */
function nextChangeOf(row: DiscountCodeRow | undefined, now: Date): number {
  const nowMs = now.getTime();
  const moments = [row?.validFrom, row?.validUntil]
    .map((moment) => moment?.getTime())
    .filter((ms): ms is number => ms !== undefined && ms > nowMs);
  return Math.min(Infinity, ...moments);
}
