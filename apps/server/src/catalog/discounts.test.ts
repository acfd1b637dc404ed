import { describe, expect, it } from 'vitest';
import { discountCodeRow } from '../../test/support/discount-codes';
import { decideDiscount, normalizeDiscountCode, percentFor } from './discounts';

const now = new Date('2026-12-01T12:00:00Z');
const row = discountCodeRow;

describe('decideDiscount', () => {
  it('applies a valid code to every product when it is not restricted', () => {
    const decision = decideDiscount(row(), ['A', 'B'], now);
    expect(decision).toMatchObject({ applies: true, percent: 10 });
    expect(percentFor(decision, 'A')).toBe(10);
    expect(percentFor(decision, 'B')).toBe(10);
  });

  it.each([
    ['unknown', undefined],
    ['disabled', row({ active: false })],
    ['not-yet-valid', row({ validFrom: new Date('2026-12-01T12:00:01Z') })],
    ['expired', row({ validUntil: now })],
    ['used-up', row({ maxUses: 3, uses: 3 })],
    ['wrong-product', row({ workshopSku: 'C' })],
  ] as const)('refuses: %s', (reason, input) => {
    const decision = decideDiscount(input, ['A'], now);
    expect(decision).toMatchObject({ applies: false, reason });
    expect(percentFor(decision, 'A')).toBe(0);
  });

  it('is valid from its start and until just before its end', () => {
    expect(decideDiscount(row({ validFrom: now }), ['A'], now).applies).toBe(true);
    expect(
      decideDiscount(row({ validUntil: new Date(now.getTime() + 1) }), ['A'], now).applies,
    ).toBe(true);
    expect(decideDiscount(row({ maxUses: 3, uses: 2 }), ['A'], now).applies).toBe(true);
  });

  it('applies a restricted code only to its product', () => {
    const decision = decideDiscount(row({ workshopSku: 'B' }), ['A', 'B'], now);
    expect(percentFor(decision, 'A')).toBe(0);
    expect(percentFor(decision, 'B')).toBe(10);
  });
});

describe('normalizeDiscountCode', () => {
  it('trims, upper-cases and treats blank as none', () => {
    expect(normalizeDiscountCode('  save10 ')).toBe('SAVE10');
    expect(normalizeDiscountCode('   ')).toBeNull();
    expect(normalizeDiscountCode(null)).toBeNull();
  });
});
