import { describe, expect, it } from 'vitest';
import { paymentLinkSchema, refundEnvelopeSchema } from './wire';

const link = {
  payment_link_id: '173000002315107',
  url: 'https://payments.zoho.in/paymentlink/abc',
  amount: '41299.00',
  currency: 'INR',
  status: 'paid',
};

describe('payment link payments', () => {
  it('reads the payments of a link', () => {
    const parsed = paymentLinkSchema.parse({
      ...link,
      payments: [{ payment_id: '9973000000138051', amount: '41299.00', status: 'succeeded' }],
    });
    expect(parsed.payments).toEqual([
      { payment_id: '9973000000138051', amount: '41299.00', status: 'succeeded' },
    ]);
  });

  it('parses a link without payments, or with payments in another shape, as before', () => {
    expect(paymentLinkSchema.parse(link).payments).toBeUndefined();
    const odd = paymentLinkSchema.parse({ ...link, payments: [{ unexpected: true }] });
    expect(odd.payment_link_id).toBe('173000002315107');
    expect(odd.payments).toBeUndefined();
  });
});

describe('refund envelope', () => {
  it('reads the refund id and status', () => {
    const parsed = refundEnvelopeSchema.parse({
      code: 0,
      message: 'success',
      refund: {
        refund_id: '1987000000724219',
        payment_id: '1987000000724215',
        amount: '200.00',
        type: 'initiated_by_merchant',
        status: 'succeeded',
      },
    });
    expect(parsed.refund).toMatchObject({ refund_id: '1987000000724219', status: 'succeeded' });
  });

  it('refuses a refund status Zoho does not document', () => {
    const refund = { refund_id: '1', payment_id: '2', amount: '1.00' };
    const answer = (status: string) => ({ code: 0, refund: { ...refund, status } });
    expect(refundEnvelopeSchema.safeParse(answer('pending')).success).toBe(true);
    expect(refundEnvelopeSchema.safeParse(answer('done')).success).toBe(false);
  });
});
