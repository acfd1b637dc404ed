import { describe, expect, it } from 'vitest';
import type { OrderSnapshot } from '../../orders/rail-port';
import { paymentLinkFor } from './link-mapping';

const order = {
  id: 'ORDER0000000002',
  email: 'asha@example.com',
  currency: 'INR',
  workshopName: 'Wi-Fi 7 Live Online Workshop',
  batchId: 'B-JAN',
  batchDescription: 'Jan 12 - Mar 2, 2027 (Americas)',
  subtotalMinor: 4_129_900,
  discountMinor: 0,
  totalMinor: 4_129_900,
  holdExpiresAt: new Date('2026-11-21T10:00:00Z'),
} as unknown as OrderSnapshot;
const returnUrl = 'https://shop.example/checkout/zoho-payment-status';

describe('paymentLinkFor', () => {
  it('leaves the one-seat link of the spec as it was', () => {
    expect(paymentLinkFor(order, returnUrl)).toEqual({
      amountMinor: 4_129_900,
      description: 'Payment for Wi-Fi 7 Live Online Workshop',
      email: 'asha@example.com',
      referenceId: 'ORDER0000000002',
      returnUrl,
      expiresOn: '2026-11-21',
    });
  });

  it("asks a company purchase's total in one link naming its seats, sent to accounts payable", () => {
    const company = {
      ...order,
      subtotalMinor: 12_389_700,
      discountMinor: 1_238_970,
      totalMinor: 11_150_730,
      group: { seats: 3, unitPriceMinor: 4_129_900, volumeDiscountPercent: 10, invoiceEmail: null },
    } as OrderSnapshot;
    expect(paymentLinkFor(company, returnUrl)).toMatchObject({
      amountMinor: 11_150_730,
      description:
        'Payment for 3 seats of Wi-Fi 7 Live Online Workshop, batch B-JAN: Jan 12 - Mar 2, 2027 (Americas)',
      email: 'asha@example.com',
    });
    const toPayables = { ...company, group: { ...company.group!, invoiceEmail: 'ap@rao.example' } };
    expect(paymentLinkFor(toPayables, returnUrl).email).toBe('ap@rao.example');
  });
});
