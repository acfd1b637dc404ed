import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulators } from '../app';
import { invoiceBody, paypalClient, paypalToken, startEmulators } from '../test-support/harness';
import type { Invoice } from './types';

let emulators: Emulators;
let call: ReturnType<typeof paypalClient>;

beforeEach(async () => {
  emulators = await startEmulators();
  call = paypalClient(emulators, await paypalToken(emulators));
});

afterEach(async () => {
  await emulators.app.close();
});

/** A sent invoice of 449.10 USD, paid in full by the buyer; answers it and its capture id. */
async function paidInvoice(): Promise<{ invoice: Invoice; captureId: string }> {
  const { invoice } = emulators.paypal.invoices.create(invoiceBody());
  emulators.paypal.invoices.send(invoice.id, {});
  const paid = emulators.paypal.invoices.pay(invoice.id);
  const captureId = paid.payments?.transactions[0]?.payment_id;
  if (!captureId) throw new Error('the paid invoice has no transaction');
  return { invoice: paid, captureId };
}

function refund(captureId: string, body: unknown, requestId?: string) {
  return call({
    url: `/v2/payments/captures/${captureId}/refund`,
    body,
    headers: requestId ? { 'paypal-request-id': requestId } : {},
  });
}

const usd = (value: string) => ({ amount: { currency_code: 'USD', value } });

const statusOf = (id: string) => emulators.paypal.invoices.get(id).status;

describe('refund a capture (Payments v2)', () => {
  it('refunds all of an invoice paid through PayPal, with the REFUNDED event', async () => {
    const { invoice, captureId } = await paidInvoice();
    const response = await refund(captureId, { ...usd('449.10'), note_to_payer: 'Sorry!' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '449.10' },
      note_to_payer: 'Sorry!',
    });
    expect(body.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(body.links).toContainEqual(expect.objectContaining({ rel: 'up', method: 'GET' }));

    const refunded = emulators.paypal.invoices.get(invoice.id);
    expect(refunded.status).toBe('REFUNDED');
    expect(refunded.refunds?.transactions.map((transaction) => transaction.refund_id)).toEqual([
      body.id,
    ]);
    expect(emulators.paypal.webhooks.listEvents()[0]?.event_type).toBe(
      'INVOICING.INVOICE.REFUNDED',
    );
  });

  it('refunds part, then the rest, and then nothing more', async () => {
    const { invoice, captureId } = await paidInvoice();
    expect((await refund(captureId, usd('100.00'))).statusCode).toBe(201);
    expect(statusOf(invoice.id)).toBe('PARTIALLY_REFUNDED');

    const rest = await refund(captureId, {});
    expect(rest.statusCode).toBe(201);
    expect(rest.json().amount).toEqual({ currency_code: 'USD', value: '349.10' });
    expect(statusOf(invoice.id)).toBe('REFUNDED');

    const again = await refund(captureId, usd('1.00'));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }],
    });
  });

  it('refuses more than is left of the capture, or another currency', async () => {
    const { invoice, captureId } = await paidInvoice();
    await refund(captureId, usd('400.00'));
    const over = await refund(captureId, usd('49.11'));
    expect(over.statusCode).toBe(422);
    expect(over.json().details[0]).toMatchObject({ issue: 'REFUND_AMOUNT_EXCEEDED' });

    const euros = await refund(captureId, { amount: { currency_code: 'EUR', value: '1.00' } });
    expect(euros.json().details[0]).toMatchObject({ issue: 'CURRENCY_MISMATCH' });
    expect(emulators.paypal.invoices.get(invoice.id).refunds?.refund_amount.value).toBe('400.00');
  });

  it('answers a repeated PayPal-Request-Id with the same refund and refunds nothing more', async () => {
    const { invoice, captureId } = await paidInvoice();
    const first = await refund(captureId, usd('100.00'), 'refund-order-1');
    const repeat = await refund(captureId, usd('100.00'), 'refund-order-1');
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toEqual(first.json());
    expect(emulators.paypal.invoices.get(invoice.id).refunds?.refund_amount.value).toBe('100.00');

    const another = await refund(captureId, usd('100.00'), 'refund-order-2');
    expect(another.json().id).not.toBe(first.json().id);
    expect(emulators.paypal.invoices.get(invoice.id).refunds?.refund_amount.value).toBe('200.00');
  });

  it('answers 404 for a capture no invoice holds', async () => {
    const response = await refund('0AB12345CD6789012', usd('1.00'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      name: 'RESOURCE_NOT_FOUND',
      details: [{ issue: 'INVALID_RESOURCE_ID', location: 'path' }],
    });
  });

  it('requires a live bearer token', async () => {
    const { captureId } = await paidInvoice();
    const response = await emulators.app.inject({
      method: 'POST',
      url: `/paypal/v2/payments/captures/${captureId}/refund`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(usd('1.00')),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
  });

  it('checks the body and names the bad field', async () => {
    const { captureId } = await paidInvoice();
    const missing = await refund(captureId, { amount: { currency_code: 'USD' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0]).toMatchObject({
      field: '/amount/value',
      issue: 'MISSING_REQUIRED_PARAMETER',
    });
    const negative = await refund(captureId, usd('-5.00'));
    expect(negative.json().details[0]).toMatchObject({ issue: 'INVALID_PARAMETER_VALUE' });
  });

  it('is recorded with its request id, and faults apply to it', async () => {
    const { captureId } = await paidInvoice();
    await refund(captureId, usd('1.00'), 'refund-order-3');
    const [recorded] = emulators.paypal.requests.list({ path: '/v2/payments' });
    expect(recorded?.headers.paypalRequestId).toBe('refund-order-3');

    emulators.paypal.faults.arm({ mode: 'http-503', times: 1, path: '/v2/payments/' });
    expect((await refund(captureId, usd('1.00'))).statusCode).toBe(503);
    expect((await refund(captureId, usd('1.00'))).statusCode).toBe(201);
  });
});
