import { TAX_ID_MAX } from '@wifi7/contract';
import { describe, expect, it } from 'vitest';
import type { OrderSnapshot } from '../../orders/rail-port';
import { draftInvoiceFor, paymentStateOf } from './invoice-mapping';
import type { PayPalInvoice } from './wire';
import { LONDON_BILLING } from '../../../test/support/billing';

const order = {
  id: 'ORDER0000000001',
  email: 'ada@example.com',
  currency: 'USD',
  subtotalMinor: 49_900,
  discountMinor: 4_990,
  totalMinor: 44_910,
  invoiceNumber: 'W7-ORDER0000000001',
  workshopName: 'Wi-Fi 7 Live Online Workshop',
  batchId: 'B-JAN',
  batchDescription: 'Jan 12 - Mar 4, 2027 (Americas) -- 9 to 11 AM Pacific Time',
  billing: LONDON_BILLING,
} as unknown as OrderSnapshot;

const invoice = (overrides: Partial<PayPalInvoice>): PayPalInvoice => ({
  id: 'INV2-AAAA-BBBB-CCCC-DDDD',
  status: 'UNPAID',
  detail: { currency_code: 'USD' },
  ...overrides,
});

describe('draftInvoiceFor', () => {
  it('invoices the server-computed amounts, numbered after the order', () => {
    const body = draftInvoiceFor(order);
    expect(body.detail).toMatchObject({
      currency_code: 'USD',
      invoice_number: 'W7-ORDER0000000001',
      reference: order.id,
    });
    expect(body.items[0]).toMatchObject({
      quantity: '1',
      unit_amount: { currency_code: 'USD', value: '499.00' },
      discount: { amount: { currency_code: 'USD', value: '49.90' } },
    });
    const address = body.primary_recipients[0]!.billing_info.address;
    expect(address).toEqual({ country_code: 'GB', admin_area_2: 'London', postal_code: 'N1 9GU' });
  });

  it('bills a private buyer by name only', () => {
    const info = draftInvoiceFor(order).primary_recipients[0]!.billing_info;
    expect(info).not.toHaveProperty('business_name');
    expect(info).not.toHaveProperty('additional_info');
  });

  it("puts a company buyer's name and tax id on the recipient", () => {
    const info = draftInvoiceFor({
      ...order,
      billing: { ...order.billing, company: 'Analytical Engines Ltd', taxId: 'GB123456789' },
    } as OrderSnapshot).primary_recipients[0]!.billing_info;
    expect(info).toMatchObject({
      business_name: 'Analytical Engines Ltd',
      additional_info: 'Tax ID: GB123456789',
      name: { given_name: 'Ada', surname: 'Lovelace' },
    });
  });

  it("keeps the tax id within PayPal's 40 characters and leaves blanks out", () => {
    const longest = 'X'.repeat(TAX_ID_MAX);
    const info = draftInvoiceFor({
      ...order,
      billing: { ...order.billing, company: '  ', taxId: longest },
    } as OrderSnapshot).primary_recipients[0]!.billing_info;
    expect(info).not.toHaveProperty('business_name');
    expect(info.additional_info).toBe(`Tax ID: ${longest}`);
    expect(info.additional_info!.length).toBeLessThanOrEqual(40);
  });

  it('sends no discount when there is none', () => {
    const body = draftInvoiceFor({
      ...order,
      discountMinor: 0,
      totalMinor: 49_900,
    } as OrderSnapshot);
    expect(body.items[0]).not.toHaveProperty('discount');
  });
});

describe('draftInvoiceFor a company purchase', () => {
  // 3 seats at 499.00, SAVE10 per seat (449.10), then 10% off the seats: groupPrice's figures.
  const company = {
    ...order,
    subtotalMinor: 149_700,
    discountMinor: 28_443,
    totalMinor: 121_257,
    group: { seats: 3, unitPriceMinor: 49_900, volumeDiscountPercent: 10, invoiceEmail: null },
  } as OrderSnapshot;

  it('invoices the seats as the quantity at the list price, less both discounts as one amount', () => {
    const [item] = draftInvoiceFor(company).items;
    expect(item).toMatchObject({
      quantity: '3',
      unit_amount: { currency_code: 'USD', value: '499.00' },
      discount: { amount: { currency_code: 'USD', value: '284.43' } },
    });
    expect(item!.name).toBe('Wi-Fi 7 Live Online Workshop — seat');
    expect(item!.description).toBe(
      '3 seats in batch B-JAN: Jan 12 - Mar 4, 2027 (Americas) -- 9 to 11 AM Pacific Time. The discount includes 10% off for 3 seats in one order.',
    );
  });

  it('goes to accounts payable when the company named it, to the buyer otherwise', () => {
    const recipient = (snapshot: OrderSnapshot) =>
      draftInvoiceFor(snapshot).primary_recipients[0]!.billing_info.email_address;
    expect(recipient(company)).toBe('ada@example.com');
    expect(
      recipient({
        ...company,
        group: { ...company.group!, invoiceEmail: 'ap@engines.example' },
      }),
    ).toBe('ap@engines.example');
  });

  it('tells the payer the attendees are enrolled, not the address it went to', () => {
    expect(draftInvoiceFor(company).detail.note).toMatch(
      /^Company purchase of 3 seats in Wi-Fi 7 Live Online Workshop\. After payment, each named attendee/,
    );
  });

  it('keeps the seat count in a name PayPal would cut', () => {
    const long = { ...company, workshopName: 'W'.repeat(250) } as OrderSnapshot;
    const [item] = draftInvoiceFor(long).items;
    expect(item!.name).toHaveLength(200);
    expect(item!.name.endsWith(' — seat')).toBe(true);
  });

  it('leaves the one-seat invoice of the spec exactly as it was', () => {
    expect(draftInvoiceFor(order)).toEqual({
      detail: {
        currency_code: 'USD',
        invoice_number: 'W7-ORDER0000000001',
        reference: 'ORDER0000000001',
        note: 'Registration for Wi-Fi 7 Live Online Workshop. After payment, sign in on the courses portal with this e-mail address and find the workshop under My Courses.',
        memo: 'Order ORDER0000000001',
        payment_term: { term_type: 'DUE_ON_RECEIPT' },
      },
      primary_recipients: [
        {
          billing_info: {
            email_address: 'ada@example.com',
            name: { given_name: 'Ada', surname: 'Lovelace' },
            address: { country_code: 'GB', admin_area_2: 'London', postal_code: 'N1 9GU' },
          },
        },
      ],
      items: [
        {
          name: 'Wi-Fi 7 Live Online Workshop',
          description: 'Batch B-JAN: Jan 12 - Mar 4, 2027 (Americas) -- 9 to 11 AM Pacific Time',
          quantity: '1',
          unit_amount: { currency_code: 'USD', value: '499.00' },
          discount: { amount: { currency_code: 'USD', value: '49.90' } },
          unit_of_measure: 'QUANTITY',
        },
      ],
      configuration: {
        allow_tip: false,
        tax_calculated_after_discount: true,
        tax_inclusive: false,
      },
    });
  });
});

describe('paymentStateOf', () => {
  const paid = (value: string, currency = 'USD') =>
    invoice({
      status: 'PAID',
      payments: {
        paid_amount: { currency_code: currency, value },
        transactions: [{ payment_id: '7XK12345AB6789012' }],
      },
    });

  it('is paid only with status PAID for the full amount in the order currency', () => {
    expect(paymentStateOf(paid('449.10'), order)).toEqual({
      kind: 'paid',
      paidMinor: 44_910,
      currency: 'USD',
      paymentIds: ['7XK12345AB6789012'],
    });
    expect(paymentStateOf(paid('100.00'), order).kind).toBe('mismatch');
    expect(paymentStateOf(paid('449.10', 'EUR'), order).kind).toBe('mismatch');
    expect(paymentStateOf(invoice({ status: 'PAID' }), order).kind).toBe('mismatch');
  });

  it.each([
    ['UNPAID', 'waiting'],
    ['PAYMENT_PENDING', 'waiting'],
    ['MARKED_AS_PAID', 'waiting'],
    ['CANCELLED', 'cancelled'],
    ['REFUNDED', 'refunded'],
  ] as const)('maps %s to %s', (status, kind) => {
    expect(paymentStateOf(invoice({ status }), order).kind).toBe(kind);
  });

  it('says what a partial payment brought, and that a pending one is in play', () => {
    const partly = (currency: string) =>
      invoice({
        status: 'PARTIALLY_PAID',
        payments: { paid_amount: { currency_code: currency, value: '100.00' }, transactions: [] },
      });
    expect(paymentStateOf(partly('USD'), order)).toEqual({ kind: 'waiting', paidMinor: 10_000 });
    expect(paymentStateOf(partly('EUR'), order).kind).toBe('mismatch');
    expect(paymentStateOf(invoice({ status: 'PAYMENT_PENDING' }), order)).toEqual({
      kind: 'waiting',
      note: 'a payment is pending at PayPal',
    });
  });

  it('flags a partial refund', () => {
    expect(paymentStateOf(invoice({ status: 'PARTIALLY_REFUNDED' }), order)).toEqual({
      kind: 'refunded',
      partial: true,
    });
  });
});
