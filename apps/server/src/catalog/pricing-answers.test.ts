import { describe, expect, it } from 'vitest';
import { discountCodeRow } from '../../test/support/discount-codes';
import { isFrozenAnswer } from '../lib/frozen-answers';
import { normalizeDiscountCode, type DiscountCodeRow } from './discounts';
import { UnknownProductError } from './pricing';
import { pricingAnswers } from './pricing-answers';
import type { WorkshopPrice } from './repository';

const now = new Date('2026-12-01T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const code = (overrides: Partial<DiscountCodeRow> = {}) =>
  discountCodeRow({ code: 'TEAM15', percent: 15, ...overrides });
const priceList = (amountMinor: number) =>
  new Map<string, WorkshopPrice>([['W', { sku: 'W', name: 'Workshop', amountMinor }]]);

/** A catalog whose cached objects the test swaps, as a catalog change does. */
function catalog(codes = new Map([['TEAM15', code()]])) {
  const state = { prices: priceList(49_900), codes };
  const answer = pricingAnswers({
    prices: async () => state.prices,
    discountCodes: async () => state.codes,
  });
  const ask = (discountCode: string | null, at = now, productSkus = ['W']) =>
    answer({ productSkus, currency: 'USD', discountCode: normalizeDiscountCode(discountCode) }, at);
  return { state, ask };
}

describe('pricing answers', () => {
  it('gives the same frozen answer to the same question', async () => {
    const { ask } = catalog();
    const first = await ask('team15');
    expect(first.answer.prices).toEqual([
      { productSku: 'W', price: 499, currency: 'USD', discount: 15 },
    ]);
    expect(first.discountApplies).toBe(true);
    expect(isFrozenAnswer(first.answer)).toBe(true);
    expect((await ask('TEAM15')).answer).toBe(first.answer);
  });

  it('works the answer out again when the catalog changes', async () => {
    const { state, ask } = catalog();
    const before = await ask(null);
    state.prices = priceList(59_900);
    expect((await ask(null)).answer.prices[0]?.price).toBe(599);
    state.codes = new Map([['TEAM15', code({ active: false })]]);
    const refused = await ask('TEAM15');
    expect(refused.answer.success).toBe(false);
    expect(before.answer.prices[0]?.price).toBe(499);
  });

  it('keeps a code’s answer only until the code becomes valid or expires', async () => {
    const { ask } = catalog(
      new Map([['TEAM15', code({ validFrom: later(1000), validUntil: later(2000) })]]),
    );
    expect((await ask('TEAM15')).answer.success).toBe(false);
    expect((await ask('TEAM15', later(1000))).answer.success).toBe(true);
    expect((await ask('TEAM15', later(1999))).answer.success).toBe(true);
    expect((await ask('TEAM15', later(2000))).answer.success).toBe(false);
  });

  it('answers a made-up code without keeping it, and refuses unknown products', async () => {
    const { ask } = catalog();
    const first = await ask('NOPE');
    expect(first.answer.success).toBe(false);
    expect((await ask('NOPE')).answer).not.toBe(first.answer);
    await expect(ask(null, now, ['X'])).rejects.toBeInstanceOf(UnknownProductError);
  });
});
