import { describe, expect, it } from 'vitest';
import { pricingRequestFor } from './api/fetch-prices';
import { displayPrice } from './price-display';

describe('displayPrice', () => {
  it('shows $ with two decimals and no note without a discount', () => {
    expect(displayPrice({ price: 499, currency: 'USD', discount: 0 })).toEqual({
      amount: '$499.00',
      listAmount: '$499.00',
      discountNote: '',
      discount: 0,
    });
  });

  it('takes the discount off exactly and says so', () => {
    expect(displayPrice({ price: 499, currency: 'USD', discount: 10 })).toMatchObject({
      amount: '$449.10',
      listAmount: '$499.00',
      discountNote: '(after 10% discount)',
    });
    // 0.1 + 0.2 style drift would show 16.99 here with floats.
    expect(displayPrice({ price: 19.99, currency: 'USD', discount: 15 }).amount).toBe('$16.99');
  });

  it('shows ₹ for INR, grouped the Indian way, and dollars grouped the US way', () => {
    expect(displayPrice({ price: 41299, currency: 'INR', discount: 15 })).toMatchObject({
      amount: '₹35,104.15',
      listAmount: '₹41,299.00',
    });
    expect(displayPrice({ price: 1299, currency: 'USD', discount: 0 }).amount).toBe('$1,299.00');
  });
});

describe('pricingRequestFor', () => {
  it('uses the looked-up country and the cart code', () => {
    expect(pricingRequestFor(['A'], { country: 'IN', lookedUp: true }, ' save10 ')).toEqual({
      productSkus: ['A'],
      countryCode: 'IN',
      discountCode: 'save10',
    });
  });

  it('prices for the US with no discount when the look-up failed', () => {
    expect(pricingRequestFor(['A'], { country: 'US', lookedUp: false }, 'SAVE10')).toEqual({
      productSkus: ['A'],
      countryCode: 'US',
      discountCode: null,
    });
  });
});
