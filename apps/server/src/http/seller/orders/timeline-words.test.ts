import { describe, expect, it } from 'vitest';
import {
  noteTitle,
  paymentWords,
  providerCallWords,
  reasonWords,
  webhookWords,
} from './timeline-words';

describe('the timeline in the seller’s words', () => {
  it('turns every reason the orders module records into a sentence', () => {
    const cases: [string, string, boolean, string][] = [
      ['paypal_invoice issued', 'awaiting_payment', true, 'PayPal sent the invoice to the buyer.'],
      ['zoho_link issued', 'awaiting_payment', true, 'Zoho made the payment link for the buyer.'],
      [
        'provider refused: INVALID_EMAIL',
        'failed',
        true,
        'The payment provider refused the order (INVALID_EMAIL).',
      ],
      ['provider: expired', 'expired', true, 'The provider reports the invoice or link expired.'],
      ['provider: refunded', 'refunded', true, 'Refunded at the payment provider.'],
      [
        'hold expired unpaid',
        'expired',
        true,
        'Not paid before the seat hold ran out; the seat is free.',
      ],
      [
        'webhook INVOICING.INVOICE.PAID',
        'paid',
        true,
        'The provider reported the payment (webhook INVOICING.INVOICE.PAID).',
      ],
      ['reconciliation', 'paid', true, 'Found paid on a routine check with the provider.'],
      [
        'paid while withdrawn (on INV2-B)',
        'paid',
        true,
        'Paid while it was being withdrawn, on INV2-B.',
      ],
      [
        'marked paid by the seller',
        'paid',
        true,
        'Marked paid by the seller (paid outside the rails).',
      ],
      ['refunded 99.00 USD by the seller', 'paid', false, 'The seller refunded 99.00 USD.'],
      ['moved from B-JAN to B-APR by the seller', 'paid', false, 'Moved from B-JAN to B-APR.'],
      [
        'moved to B-APR by the seller',
        'cancelled',
        true,
        'Replaced by a new order in B-APR, as the seller moved it.',
      ],
      [
        'payment received on a duplicate order (webhook PAYMENT.CAPTURE.COMPLETED)',
        'awaiting_payment',
        false,
        'Paid, but the buyer already has a paid order for this workshop. The provider reported the payment (webhook PAYMENT.CAPTURE.COMPLETED).',
      ],
      [
        'second payment object INV2-X left payable',
        'paid',
        false,
        'A second invoice or link (INV2-X) could not be withdrawn and can still be paid.',
      ],
      [
        'provider: partly refunded before payment was heard of',
        'cancelled',
        true,
        'Paid and partly refunded at the provider before the site heard of either; the seat is free.',
      ],
      [
        'provider: money came that is not the whole order',
        'awaiting_payment',
        false,
        'The provider reports a payment that is not the whole order: see Needs attention.',
      ],
      ['something new', 'paid', false, 'Something new.'],
    ];
    for (const [reason, to, changed, words] of cases) {
      expect(reasonWords(reason, to, changed), reason).toBe(words);
    }
    expect(noteTitle('further payment PAY-2')).toBe('Paid again');
    expect(noteTitle('provider: money came that is not the whole order')).toBe('Part payment');
    expect(noteTitle('the provider would not withdraw it')).toBe('Not withdrawn at the provider');
    expect(noteTitle('moved from B-JAN to B-APR by the seller')).toBe('Moved to another batch');
  });

  it('labels the payment by its provider and gives its amount', () => {
    const order = { rail: 'paypal_invoice', totalMinor: 49_900, currency: 'USD' } as const;
    expect(paymentWords({ ...order, paymentReferences: ['831TX'] })).toBe(
      'PayPal payment 831TX · 499.00 USD',
    );
    expect(
      paymentWords({
        ...order,
        rail: 'zoho_link',
        currency: 'INR',
        paymentReferences: ['manual: bank transfer'],
      }),
    ).toBe('Paid outside the rails: bank transfer · 499.00 INR');
  });

  it('says what a provider answered and what came of a webhook', () => {
    const call = { rail: 'paypal_invoice', durationMs: 12 } as const;
    expect(
      providerCallWords({
        ...call,
        operation: 'fetch-state',
        outcome: 'ok',
        detail: 'waiting (I)',
      }),
    ).toBe('PayPal says: not paid yet (I). (took 12 ms)');
    expect(
      providerCallWords({
        ...call,
        operation: 'cancel',
        outcome: 'refused',
        detail: 'refused: NOT_ALLOWED',
      }),
    ).toBe('PayPal refused: NOT_ALLOWED. (took 12 ms)');
    expect(webhookWords('order paid')).toBe('Verified; the order is paid now.');
    expect(webhookWords('no order for this reference')).toBe('Verified, but no order matches it.');
  });
});
