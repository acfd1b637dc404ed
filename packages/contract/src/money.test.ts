import { describe, expect, it } from 'vitest';
import {
  discountMinor,
  formatMinor,
  formatMoney,
  formatMoneyAmount,
  priceAfterDiscountMinor,
  toMajor,
  toMinor,
} from './money';
import { parseAmount } from './amount-input';

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

describe('formatMoney', () => {
  it('groups rupees the Indian way (en-IN)', () => {
    expect(formatMoney(4_129_900, 'INR')).toBe('₹41,299.00');
    expect(formatMoney(3_510_415, 'INR')).toBe('₹35,104.15');
    expect(formatMoney(412_990_050, 'INR')).toBe('₹41,29,900.50');
    expect(formatMoney(1_234_567_800, 'INR')).toBe('₹1,23,45,678.00');
    expect(formatMoney(99_900, 'INR')).toBe('₹999.00');
    expect(formatMoney(100_000, 'INR')).toBe('₹1,000.00');
  });

  it('groups dollars the US way (en-US)', () => {
    expect(formatMoney(49_900, 'USD')).toBe('$499.00');
    expect(formatMoney(129_900, 'USD')).toBe('$1,299.00');
    expect(formatMoney(123_456_789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
  });

  it('puts the sign before the symbol', () => {
    expect(formatMoney(-150_000, 'USD')).toBe('-$1,500.00');
    expect(formatMoney(-4_129_900, 'INR')).toBe('-₹41,299.00');
  });

  it('agrees with Intl for each currency’s locale', () => {
    for (const minor of [1, 99_999, 4_129_900, 987_654_321, 100_000_000_000]) {
      expect(formatMoneyAmount(minor, 'INR')).toBe(
        (minor / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 }),
      );
      expect(formatMoneyAmount(minor, 'USD')).toBe(
        (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }),
      );
    }
  });

  it('refuses fractional minor units', () => {
    expect(() => formatMoney(1.5, 'USD')).toThrow(RangeError);
  });
});

describe('parseAmount', () => {
  it('reads what a person types into minor units exactly', () => {
    // The catalog file's and the back office's amounts.
    expect(parseAmount('499.00')).toBe(49_900);
    expect(parseAmount('499')).toBe(49_900);
    expect(parseAmount('16999.5')).toBe(1_699_950);
    expect(parseAmount('0.29')).toBe(29);
    expect(parseAmount('449.1')).toBe(44_910);
    expect(parseAmount(' 37999 ')).toBe(3_799_900);
    expect(parseAmount('0')).toBe(0);
  });

  it('takes digits grouped the US or the Indian way, and the symbol the pages show', () => {
    expect(parseAmount('1,299.50')).toBe(129_950);
    expect(parseAmount('41,299.5')).toBe(4_129_950);
    expect(parseAmount('1,234,567')).toBe(123_456_700);
    expect(parseAmount('41,29,900.00')).toBe(412_990_000);
    expect(parseAmount('₹41,299.00')).toBe(4_129_900);
    expect(parseAmount('$ 1,299')).toBe(129_900);
  });

  it('refuses what it would have to guess', () => {
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('449,10')).toBeNull(); // a decimal comma, or a slip?
    expect(parseAmount('1,2345')).toBeNull();
    expect(parseAmount(',299')).toBeNull();
    expect(parseAmount('1 299')).toBeNull();
    expect(parseAmount('12.')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('1e5')).toBeNull();
    expect(parseAmount('99999999999999999999')).toBeNull();
  });
});
