import type { SellerDiscountCode } from '@wifi7/contract';
import { describe, expect, it } from 'vitest';
import {
  discountFormSchema,
  discountFormValues,
  discountUpdateRequestOf,
  formatPrice,
  majorTextOf,
  priceFormSchema,
} from './discount-form';

const blank = discountFormValues();

describe('the discount code form', () => {
  it('makes the request: the code upper case, Pacific times as instants, blanks as none', () => {
    const parsed = discountFormSchema().safeParse({
      ...blank,
      code: ' spring25 ',
      percent: '25',
      validFrom: '2027-03-01T00:00',
      validUntil: '2027-05-01T00:00',
    });
    expect(parsed.data).toEqual({
      code: 'SPRING25',
      percent: 25,
      workshopSku: null,
      // Midnight in Pacific Time: winter (UTC-8), then summer (UTC-7).
      validFrom: '2027-03-01T08:00:00.000Z',
      validUntil: '2027-05-01T07:00:00.000Z',
      maxUses: null,
    });
    expect(discountUpdateRequestOf(parsed.data!)).not.toHaveProperty('code');
  });

  it.each([
    ['a percent of 100', { percent: '100' }, 'percent', 'Give a whole percent from 1 to 99.'],
    [
      'a code with a space',
      { code: 'TWO WORDS' },
      'code',
      'A code has 3 to 32 letters, digits, _ or -.',
    ],
    [
      'an end before the start',
      { validFrom: '2027-05-01T00:00', validUntil: '2027-04-01T00:00' },
      'validUntil',
      'The end must be after the start.',
    ],
    [
      'a time the clocks skip',
      { validFrom: '2027-03-14T02:30' },
      'validFrom',
      'This time does not exist in Pacific Time (the clocks skip it).',
    ],
    ['no uses', { maxUses: '0' }, 'maxUses', 'At least 1, or empty for no limit.'],
  ])('refuses %s, at the field', (_case, changes, field, message) => {
    const parsed = discountFormSchema().safeParse({
      ...blank,
      code: 'SPRING25',
      percent: '25',
      ...changes,
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field, message],
    ]);
  });

  it('keeps an edited code’s limit at or above its uses', () => {
    const code: SellerDiscountCode = {
      code: 'TEAM15',
      percent: 15,
      workshopSku: 'WIFI7-LIVE',
      validFrom: null,
      validUntil: '2027-01-05T08:00:00.000Z',
      maxUses: 25,
      uses: 7,
      active: true,
      availability: 'usable',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const values = discountFormValues(code);
    expect(values).toMatchObject({
      percent: '15',
      workshopSku: 'WIFI7-LIVE',
      validUntil: '2027-01-05T00:00',
      maxUses: '25',
    });
    const parsed = discountFormSchema(7).safeParse({ ...values, maxUses: '6' });
    expect(parsed.error?.issues[0]?.message).toBe('At least 7: the code has been used that often.');
  });
});

describe('the price form', () => {
  it('turns major units into minor units exactly', () => {
    expect(majorTextOf(4_129_950)).toBe('41299.50');
    expect(priceFormSchema.safeParse({ USD: '449.10', INR: '37999' }).data).toEqual({
      USD: 44_910,
      INR: 3_799_900,
    });
    expect(priceFormSchema.safeParse({ USD: '0.50', INR: 'abc' }).error?.issues).toHaveLength(2);
  });

  it('shows prices as buyers see them', () => {
    expect(formatPrice(49_900, 'USD')).toBe('$499.00');
    expect(formatPrice(4_129_900, 'INR')).toBe('₹41,299.00');
    expect(formatPrice(null, 'USD')).toBe('—');
  });
});
