/**
 * Prices a list of products in one currency with a discount code. The
 * caller names the currency (the payment rail's, chosen on the server from
 * the buyer's country), never the browser; the code arrives already
 * normalised at the edge. Amounts stay in minor units until the answer is
 * written.
 */
import { priceAfterDiscountMinor, type Currency, type PricingResponse } from '@wifi7/contract';
import type { Db } from '../db/client';
import {
  decideDiscount,
  discountMessages,
  percentFor,
  type DiscountCode,
  type DiscountCodeRow,
  type DiscountDecision,
} from './discounts';
import { findDiscountCode, findPrices, type WorkshopPrice } from './repository';

export class UnknownProductError extends Error {
  readonly statusCode = 400;
  constructor(readonly skus: string[]) {
    super(`Unknown product SKU: ${skus.join(', ')}`);
    this.name = 'UnknownProductError';
  }
}

interface PricedLine {
  productSku: string;
  productName: string;
  currency: Currency;
  listPriceMinor: number;
  discountPercent: number;
  totalMinor: number;
}

export interface Quote {
  currency: Currency;
  lines: PricedLine[];
  discount: DiscountDecision | null;
  /** Sum of the lines after discount. */
  totalMinor: number;
}

/** Where a quote reads prices and codes: the rows (in a transaction), or the catalog cache. */
export interface PriceList {
  prices(skus: readonly string[], currency: Currency): Promise<Map<string, WorkshopPrice>>;
  discountCode(code: string): Promise<DiscountCodeRow | undefined>;
}

export interface QuoteInput {
  productSkus: readonly string[];
  currency: Currency;
  discountCode: DiscountCode | null;
}

/** A quote from the rows (a transaction sees its own): what an order is priced by. */
export function quote(db: Db, input: QuoteInput, now = new Date()): Promise<Quote> {
  const rows: PriceList = {
    prices: (skus, currency) => findPrices(db, currency, skus),
    discountCode: (code) => findDiscountCode(db, code),
  };
  return quoteFrom(rows, input, now);
}

export async function quoteFrom(
  priceList: PriceList,
  input: QuoteInput,
  now = new Date(),
): Promise<Quote> {
  const skus = [...new Set(input.productSkus)];
  const { currency, discountCode: code } = input;
  const found = await priceList.prices(skus, currency);
  const unknown = skus.filter((sku) => !found.has(sku));
  if (unknown.length > 0) throw new UnknownProductError(unknown);

  const discount = code ? decideDiscount(await priceList.discountCode(code), skus, now) : null;
  const lines = skus.map((sku) => {
    const price = found.get(sku)!;
    const discountPercent = discount ? percentFor(discount, sku) : 0;
    return {
      productSku: sku,
      productName: price.name,
      currency,
      listPriceMinor: price.amountMinor,
      discountPercent,
      totalMinor: priceAfterDiscountMinor(price.amountMinor, discountPercent),
    };
  });
  return {
    currency,
    lines,
    discount,
    totalMinor: lines.reduce((sum, line) => sum + line.totalMinor, 0),
  };
}

/** The pricing call's answer (spec section 3, "Pricing response"). */
export function toPricingResponse(result: Quote): PricingResponse {
  const refused = result.discount && !result.discount.applies ? result.discount : null;
  return {
    success: refused === null,
    message: refused
      ? refused.message
      : result.discount?.applies
        ? discountMessages.applied
        : 'Prices retrieved.',
    prices: result.lines.map((line) => ({
      productSku: line.productSku,
      price: line.listPriceMinor / 100,
      currency: line.currency,
      discount: line.discountPercent,
    })),
  };
}
