import { describe, expect, it } from 'vitest';
import { displayMoney, divRound, formatScaled, parseScaled } from './money';
import { computeTotals } from './totals';
import type { Item } from './types';

const usd = (value: string) => ({ currency_code: 'USD', value });
const item = (quantity: string, value: string, extra: Partial<Item> = {}): Item => ({
  name: 'Seat',
  quantity,
  unit_amount: usd(value),
  ...extra,
});

describe('decimal strings', () => {
  it('parses exactly, refusing more significant decimals than allowed', () => {
    expect(parseScaled('449.10', 2)).toBe(44910n);
    expect(parseScaled('12', 2)).toBe(1200n);
    expect(parseScaled('.5', 2)).toBe(50n);
    expect(parseScaled('-3.1', 2)).toBe(-310n);
    expect(parseScaled('1.230', 2)).toBe(123n);
    expect(parseScaled('1.235', 2)).toBeUndefined();
    expect(parseScaled('1,00', 2)).toBeUndefined();
    expect(parseScaled('', 2)).toBeUndefined();
    expect(parseScaled('-', 2)).toBeUndefined();
  });

  it('formats and rounds half away from zero', () => {
    expect(formatScaled(44910n, 2)).toBe('449.10');
    expect(formatScaled(5n, 2)).toBe('0.05');
    expect(formatScaled(-4990n, 2)).toBe('-49.90');
    expect(formatScaled(7n, 0)).toBe('7');
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
  });

  it('shows money to people in the currency style', () => {
    expect(displayMoney(usd('449.10'))).toBe('$449.10');
    expect(displayMoney({ currency_code: 'INR', value: '40000.00' })).toBe('₹40,000.00');
  });
});

describe('computeTotals', () => {
  it('takes a percentage item discount off quantity × price', () => {
    const { amount } = computeTotals(
      'USD',
      [item('1', '499.00', { discount: { percent: '10' } })],
      {},
    );
    expect(amount.value).toBe('449.10');
    expect(amount.breakdown).toEqual({
      item_total: usd('499.00'),
      discount: { item_discount: usd('-49.90') },
    });
  });

  it('takes an item discount amount off the whole line, not off each unit', () => {
    // Three seats at 499.00, less one amount for every discount of the order.
    const { amount } = computeTotals(
      'USD',
      [item('3', '499.00', { discount: { amount: usd('284.43') } })],
      {},
    );
    expect(amount.breakdown).toEqual({
      item_total: usd('1497.00'),
      discount: { item_discount: usd('-284.43') },
    });
    expect(amount.value).toBe('1212.57');
  });

  it('rounds each step to cents: 3 × 33.33 at 12.5% off', () => {
    const { amount } = computeTotals(
      'USD',
      [item('3', '33.33', { discount: { percent: '12.5' } })],
      {},
    );
    // 99.99 − 12.49875 → 12.50 discount → 87.49
    expect(amount.breakdown.item_total).toEqual(usd('99.99'));
    expect(amount.breakdown.discount?.item_discount).toEqual(usd('-12.50'));
    expect(amount.value).toBe('87.49');
  });

  it('adds tax after the discount, then the invoice discount, shipping and custom amounts', () => {
    const { amount, items } = computeTotals(
      'USD',
      [
        item('2', '50.00', {
          discount: { amount: usd('10.00') },
          tax: { name: 'VAT', percent: '10' },
        }),
        item('1', '20.00'),
      ],
      { tax_calculated_after_discount: true },
      {
        discount: { invoice_discount: { percent: '5' } },
        shipping: { amount: usd('5.00') },
        custom: { label: 'Handling', amount: usd('1.00') },
      },
    );
    // items 120.00; item discount 10.00; tax 10% of 90.00 = 9.00;
    // invoice discount 5% of 110.00 = 5.50; total 120 − 10 − 5.50 + 9 + 5 + 1 = 119.50
    expect(items[0]?.tax?.amount).toEqual(usd('9.00'));
    expect(amount.breakdown).toMatchObject({
      item_total: usd('120.00'),
      discount: {
        item_discount: usd('-10.00'),
        invoice_discount: { percent: '5', amount: usd('-5.50') },
      },
      tax_total: usd('9.00'),
      shipping: { amount: usd('5.00') },
      custom: { label: 'Handling', amount: usd('1.00') },
    });
    expect(amount.value).toBe('119.50');
  });

  it('does not add tax again when prices include it', () => {
    const { amount } = computeTotals(
      'USD',
      [item('1', '110.00', { tax: { name: 'VAT', percent: '10' } })],
      {
        tax_inclusive: true,
      },
    );
    expect(amount.breakdown.tax_total).toEqual(usd('10.00'));
    expect(amount.value).toBe('110.00');
  });

  it('keeps currencies without cents whole', () => {
    const { amount } = computeTotals(
      'JPY',
      [
        {
          name: 'Seat',
          quantity: '1',
          unit_amount: { currency_code: 'JPY', value: '999' },
          discount: { percent: '15' },
        },
      ],
      {},
    );
    expect(amount).toMatchObject({ currency_code: 'JPY', value: '849' });
  });
});
