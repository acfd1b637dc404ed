import { describe, expect, it } from 'vitest';
import { discountMinor, formatMinor, priceAfterDiscountMinor, toMajor, toMinor } from './money';

describe('money in minor units', () => {
  it('takes a percentage off without float drift', () => {
    expect(priceAfterDiscountMinor(49_900, 10)).toBe(44_910);
    expect(priceAfterDiscountMinor(19_999, 15)).toBe(16_999); // 2999.85 rounds to 3000
    expect(priceAfterDiscountMinor(4_129_900, 0)).toBe(4_129_900);
    expect(priceAfterDiscountMinor(4_129_900, 100)).toBe(0);
  });

  it('rounds the discount half up', () => {
    expect(discountMinor(5, 10)).toBe(1); // 0.5 → 1
    expect(discountMinor(4, 10)).toBe(0); // 0.4 → 0
  });

  it('refuses fractional minor units and percentages outside 0..100', () => {
    expect(() => discountMinor(10.5, 10)).toThrow(RangeError);
    expect(() => discountMinor(100, 101)).toThrow(RangeError);
    expect(() => discountMinor(100, 2.5)).toThrow(RangeError);
  });

  it('formats two decimals and converts between units', () => {
    expect(formatMinor(44_910)).toBe('449.10');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(-150)).toBe('-1.50');
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMajor(44_910)).toBe(449.1);
  });
});
