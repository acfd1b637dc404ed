import type { DiscountCodeRow } from '../../src/catalog/discounts';

/** A code that applies to every product, any time, without limit: a test changes what it is about. */
export const discountCodeRow = (overrides: Partial<DiscountCodeRow> = {}): DiscountCodeRow => ({
  code: 'SAVE10',
  percent: 10,
  workshopSku: null,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  uses: 0,
  active: true,
  ...overrides,
});
