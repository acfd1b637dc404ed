/**
 * The seller's refunds at the provider level: our PayPal and Zoho Payments
 * clients, and the two rails of the payment port on top of them, against
 * the emulators over HTTP (no app; a database only for Zoho's shared
 * access token). An invoice and a link are
 * made and paid, then refunded in part and in full, and the provider's own
 * state is read back.
 */
import { buildEmulators, type Emulators } from '@wifi7/emulators';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayPalClient } from '../src/integrations/paypal/paypal-client';
import { PayPalInvoiceRail } from '../src/integrations/paypal/paypal-invoice-rail';
import { ZohoLinkRail } from '../src/integrations/zoho/zoho-link-rail';
import { RailRefusedError, type BuyerContacts, type OrderSnapshot } from '../src/orders/rail-port';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
} from '../src/integrations/shared/provider-http';
import { ZohoAccessToken } from '../src/integrations/zoho/zoho-accounts';
import { ZohoPaymentsClient } from '../src/integrations/zoho/zoho-payments-client';
import { databaseAccessTokens } from '../src/db/access-tokens';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { freePort } from './support/stack';
import { LONDON_BILLING } from './support/billing';

let emulators: Emulators;
let database: TestDatabase;
let emulatorsUrl: string;
let paypal: PayPalClient;
let zoho: ZohoPaymentsClient;

beforeAll(async () => {
  const port = await freePort();
  emulatorsUrl = `http://127.0.0.1:${port}`;
  emulators = await buildEmulators({
    firebaseProjectId: 'demo-wifi7-workshop',
    publicUrl: emulatorsUrl,
    paypal: { webhookTargetUrl: null },
    zoho: { webhookTargetUrl: null },
  });
  await emulators.app.listen({ host: '127.0.0.1', port });
  paypal = new PayPalClient(
    {
      baseUrl: `${emulatorsUrl}/paypal`,
      clientId: 'emulator-client-id',
      clientSecret: 'emulator-client-secret',
      webhookId: 'WH-EMULATOR-0001',
      timeoutMs: 2000,
    },
    pino({ level: 'silent' }),
  );
  database = await createTestDatabase('pglite');
  const token = new ZohoAccessToken(
    {
      accountsUrl: `${emulatorsUrl}/zoho/accounts`,
      clientId: 'emulator-zoho-client-id',
      clientSecret: 'emulator-zoho-client-secret',
      refreshToken: 'emulator-payments-refresh-token',
    },
    databaseAccessTokens(database.handle.db),
  );
  zoho = new ZohoPaymentsClient(
    { baseUrl: `${emulatorsUrl}/zoho/payments/api/v1`, accountId: '23137556', timeoutMs: 2000 },
    token,
  );
});

afterAll(async () => {
  const closing = emulators?.app.close();
  emulators?.app.server.closeAllConnections();
  await closing;
  await database?.dispose();
});

/** POSTs to a control route of the emulators, as a buyer's action would. */
async function control(path: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`${emulatorsUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return response.json();
}

async function rejection(promise: Promise<unknown>): Promise<ProviderRejectedError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderRejectedError);
  return error as ProviderRejectedError;
}

describe('PayPal: refunding an invoice paid through PayPal', () => {
  async function paidInvoice(invoiceNumber: string) {
    const { id } = await paypal.createDraftInvoice(
      {
        detail: { currency_code: 'USD', invoice_number: invoiceNumber },
        primary_recipients: [{ billing_info: { email_address: 'ada@example.com' } }],
        items: [
          {
            name: 'Wi-Fi 7 Workshop',
            quantity: '1',
            unit_amount: { currency_code: 'USD', value: '449.10' },
          },
        ],
      },
      `create-${invoiceNumber}`,
    );
    await paypal.sendInvoice(id, `send-${invoiceNumber}`);
    await control(`/paypal/_control/invoices/${id}/pay`);
    const captureId = (await paypal.getInvoice(id)).payments?.transactions?.[0]?.payment_id;
    if (!captureId) throw new Error('the paid invoice names no payment transaction');
    return { id, captureId };
  }

  const usd = (value: string) => ({ currencyCode: 'USD', value });

  it('refunds part, replays a repeated request id, then refunds the rest', async () => {
    const { id, captureId } = await paidInvoice('W7-REFUND-1');

    const part = await paypal.refundCapture(captureId, usd('100.00'), 'refund-1-a', 'Partial');
    expect(part.status).toBe('COMPLETED');
    const invoice = await paypal.getInvoice(id);
    expect(invoice.status).toBe('PARTIALLY_REFUNDED');

    const replay = await paypal.refundCapture(captureId, usd('100.00'), 'refund-1-a');
    expect(replay).toEqual(part);
    expect(emulators.paypal.invoices.get(id).refunds?.refund_amount.value).toBe('100.00');

    const rest = await paypal.refundCapture(captureId, usd('349.10'), 'refund-1-b');
    expect(rest.refundId).not.toBe(part.refundId);
    expect((await paypal.getInvoice(id)).status).toBe('REFUNDED');

    const again = await rejection(paypal.refundCapture(captureId, usd('1.00'), 'refund-1-c'));
    expect(again).toMatchObject({ status: 422, code: 'CAPTURE_FULLY_REFUNDED' });
  });

  it('refuses more than was paid, and an unknown capture', async () => {
    const { id, captureId } = await paidInvoice('W7-REFUND-2');
    const over = await rejection(paypal.refundCapture(captureId, usd('449.11'), 'refund-2-a'));
    expect(over).toMatchObject({ status: 422, code: 'REFUND_AMOUNT_EXCEEDED' });
    expect((await paypal.getInvoice(id)).status).toBe('PAID');

    const unknown = await rejection(
      paypal.refundCapture('0AB12345CD6789012', usd('1.00'), 'refund-2-b'),
    );
    expect(unknown).toMatchObject({ status: 404, code: 'INVALID_RESOURCE_ID' });
  });
});

describe('Zoho Payments: refunding a paid link', () => {
  /** A date some days ahead in India, where the link expires. */
  const inAWeek = new Date(Date.now() + 7 * 86_400_000 + 19_800_000).toISOString().slice(0, 10);

  async function paidLink(referenceId: string) {
    const link = await zoho.createPaymentLink({
      amountMinor: 4_129_900,
      description: 'Wi-Fi 7 Workshop',
      email: 'asha@example.in',
      referenceId,
      returnUrl: 'http://127.0.0.1/checkout/zoho-payment-status',
      expiresOn: inAWeek,
    });
    await control(`/zoho/_control/payment-links/${link.payment_link_id}/pay`);
    const paymentId = (await zoho.getPaymentLink(link.payment_link_id)).payments?.[0]?.payment_id;
    if (!paymentId) throw new Error('the paid link lists no payment');
    return { linkId: link.payment_link_id, paymentId };
  }

  it('refunds part, then the rest; the link stays paid', async () => {
    const { linkId, paymentId } = await paidLink('ORDREFUND0001');

    const part = await zoho.refundPayment(paymentId, {
      amountMinor: 100_050,
      reason: 'requested_by_customer',
    });
    expect(part.status).toBe('succeeded');
    let link = await zoho.getPaymentLink(linkId);
    expect(link.status).toBe('paid');
    expect(link.payments?.[0]).toMatchObject({
      payment_id: paymentId,
      status: 'partially_refunded',
    });

    const rest = await zoho.refundPayment(paymentId, {
      amountMinor: 4_029_850,
      reason: 'requested_by_customer',
    });
    expect(rest.refundId).not.toBe(part.refundId);
    link = await zoho.getPaymentLink(linkId);
    expect(link).toMatchObject({ status: 'paid', amount_paid: '41299.00' });
    expect(link.payments?.[0]?.status).toBe('refunded');

    const again = await rejection(
      zoho.refundPayment(paymentId, { amountMinor: 100, reason: 'others' }),
    );
    expect(again).toMatchObject({ status: 400, code: 'payment_already_refunded' });
  });

  it('refuses more than was paid', async () => {
    const { paymentId } = await paidLink('ORDREFUND0002');
    const over = await rejection(
      zoho.refundPayment(paymentId, { amountMinor: 4_129_901, reason: 'duplicate' }),
    );
    expect(over).toMatchObject({ status: 400, code: 'invalid_amount' });
  });

  it('never repeats a refund on its own after an outage', async () => {
    const { linkId, paymentId } = await paidLink('ORDREFUND0003');
    emulators.zoho.faults.arm({ mode: 'http-503', times: 1, path: '^/payments/api/v1/payments/' });
    const failure: unknown = await zoho
      .refundPayment(paymentId, { amountMinor: 100, reason: 'others' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderUnavailableError);
    const attempts = emulators.zoho.requests.list({ path: `/payments/${paymentId}/refunds` });
    expect(attempts).toHaveLength(1);
    expect((await zoho.getPaymentLink(linkId)).payments?.[0]?.status).toBe('succeeded');
  });
});

describe('through the rail port', () => {
  const order = (overrides: Partial<OrderSnapshot>): OrderSnapshot => ({
    id: 'ORDRAILREFUND01',
    email: 'ada@example.com',
    rail: 'paypal_invoice',
    currency: 'USD',
    workshopSku: 'WIFI7-LIVE',
    workshopName: 'Wi-Fi 7 Workshop',
    batchId: 'B-JAN',
    batchDescription: 'Jan 12 - Mar 4, 2027',
    subtotalMinor: 49_900,
    discountMinor: 0,
    totalMinor: 49_900,
    billing: LONDON_BILLING,
    invoiceNumber: null,
    providerReference: null,
    unknownCreateSince: null,
    holdExpiresAt: new Date(Date.now() + 3 * 86_400_000),
    ...overrides,
  });
  const noContacts = {} as BuyerContacts;

  it('PayPal: issues, is paid, refunds in part and then in full, and says so', async () => {
    const rail = new PayPalInvoiceRail(paypal);
    const unissued = order({ invoiceNumber: 'W7-ORDRAILREFUND01' });
    const issued = await rail.issue(unissued, async () => undefined);
    const invoice = order({ ...unissued, providerReference: issued.providerReference });
    await control(`/paypal/_control/invoices/${issued.providerReference}/pay`);
    expect(await rail.fetchState(invoice)).toMatchObject({ kind: 'paid', paidMinor: 49_900 });

    const request = { reason: 'buyer-asked', note: 'Sorry to see you go' } as const;
    const part = await rail.refund(invoice, {
      ...request,
      amountMinor: 9_900,
      idempotencyKey: 'a',
    });
    expect(part.state).toBe('completed');
    expect(
      await rail.refund(invoice, { ...request, amountMinor: 9_900, idempotencyKey: 'a' }),
    ).toEqual(part);
    expect(await rail.fetchState(invoice)).toEqual({ kind: 'refunded', partial: true });
    await rail.refund(invoice, { ...request, amountMinor: 40_000, idempotencyKey: 'b' });
    expect(await rail.fetchState(invoice)).toEqual({ kind: 'refunded', partial: false });
    await expect(
      rail.refund(invoice, { ...request, amountMinor: 1, idempotencyKey: 'c' }),
    ).rejects.toBeInstanceOf(RailRefusedError);
  });

  it('Zoho: issues a link, is paid, refunds in part and then in full, and says so', async () => {
    const rail = new ZohoLinkRail(zoho, noContacts, {
      returnUrl: 'http://127.0.0.1/checkout/zoho-payment-status',
      webhookSigningKey: 'unused',
    });
    const unissued = order({
      id: 'ORDRAILREFUND02',
      rail: 'zoho_link',
      currency: 'INR',
      subtotalMinor: 4_129_900,
      totalMinor: 4_129_900,
    });
    const issued = await rail.issue(unissued, async () => undefined);
    const link = order({ ...unissued, providerReference: issued.providerReference });
    await control(`/zoho/_control/payment-links/${issued.providerReference}/pay`);
    expect(await rail.fetchState(link)).toMatchObject({ kind: 'paid', paidMinor: 4_129_900 });

    const request = { reason: 'paid-twice', note: 'Paid twice', idempotencyKey: 'z' } as const;
    await rail.refund(link, { ...request, amountMinor: 29_900 });
    expect(await rail.fetchState(link)).toEqual({ kind: 'refunded', partial: true });
    await rail.refund(link, { ...request, amountMinor: 4_100_000 });
    expect(await rail.fetchState(link)).toEqual({ kind: 'refunded', partial: false });
    await expect(rail.refund(link, { ...request, amountMinor: 1 })).rejects.toBeInstanceOf(
      RailRefusedError,
    );
  });
});
