import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Emulators } from '../app';
import {
  type ReceivedDelivery,
  closedPortUrl,
  deliveryResults,
  emulatorsForTest,
  emulatorsWithReceiver,
  invoiceBody,
  paypalClient,
  paypalToken,
} from '../test-support/harness';
import { openApiContracts } from './openapi-validation';
import { crc32Decimal } from './signing';
import type { Invoice, WebhookEvent } from './types';

const WEBHOOK_ID = 'WH-TEST-0042';

async function setUp(answer?: (index: number) => number, retryDelays: number[] = [20, 20, 20]) {
  const { emulators, receiver } = await emulatorsWithReceiver(
    (url) => ({
      paypal: { webhookTargetUrl: url, webhookId: WEBHOOK_ID, webhookRetryDelaysMs: retryDelays },
    }),
    { answer },
  );
  const call = paypalClient(emulators, await paypalToken(emulators));
  return { emulators, receiver, call };
}

/** Creates and sends an invoice through the API, as the server does. */
async function sentInvoice(
  call: ReturnType<typeof paypalClient>,
  number = 'WS-0001',
): Promise<Invoice> {
  const created = await call({
    url: '/v2/invoicing/invoices',
    body: invoiceBody({ number }),
    headers: { prefer: 'return=representation' },
  });
  const invoice = created.json() as Invoice;
  await call({ url: `/v2/invoicing/invoices/${invoice.id}/send`, body: {} });
  return invoice;
}

function header(delivery: ReceivedDelivery, name: string): string {
  const value = delivery.headers[name.toLowerCase()];
  if (typeof value !== 'string') throw new Error(`missing header ${name}`);
  return value;
}

/** What the server's webhook route will send back to PayPal to verify a delivery. */
function verificationBody(delivery: ReceivedDelivery, overrides: Record<string, unknown> = {}) {
  return {
    auth_algo: header(delivery, 'PAYPAL-AUTH-ALGO'),
    cert_url: header(delivery, 'PAYPAL-CERT-URL'),
    transmission_id: header(delivery, 'PAYPAL-TRANSMISSION-ID'),
    transmission_sig: header(delivery, 'PAYPAL-TRANSMISSION-SIG'),
    transmission_time: header(delivery, 'PAYPAL-TRANSMISSION-TIME'),
    webhook_id: WEBHOOK_ID,
    webhook_event: JSON.parse(delivery.rawBody.toString('utf8')) as unknown,
    ...overrides,
  };
}

async function verifyStatus(call: ReturnType<typeof paypalClient>, body: unknown) {
  const response = await call({ url: '/v1/notifications/verify-webhook-signature', body });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { verification_status: string }).verification_status;
}

/** The local verification recipe: fetch the PEM at the cert URL, check the signature. */
async function verifiesLocally(env: Emulators, delivery: ReceivedDelivery): Promise<boolean> {
  const certUrl = new URL(header(delivery, 'PAYPAL-CERT-URL'));
  const pem = (await env.app.inject({ method: 'GET', url: certUrl.pathname })).body;
  const message = [
    header(delivery, 'PAYPAL-TRANSMISSION-ID'),
    header(delivery, 'PAYPAL-TRANSMISSION-TIME'),
    WEBHOOK_ID,
    crc32Decimal(delivery.rawBody),
  ].join('|');
  return verify(
    'sha256',
    Buffer.from(message),
    createPublicKey(pem),
    Buffer.from(header(delivery, 'PAYPAL-TRANSMISSION-SIG'), 'base64'),
  );
}

const eventOf = (delivery: ReceivedDelivery) =>
  JSON.parse(delivery.rawBody.toString('utf8')) as WebhookEvent;

describe('webhooks', () => {
  it('sends a signed INVOICING.INVOICE.PAID when the buyer pays on the pay page', async () => {
    const { emulators: env, receiver: inbox, call } = await setUp();
    const invoice = await sentInvoice(call);
    const pay = await env.app.inject({
      method: 'POST',
      url: `/paypal/invoice/p/${invoice.id}/pay`,
    });
    expect(pay.statusCode).toBe(303);
    await env.paypal.webhooks.idle();

    expect(inbox.deliveries).toHaveLength(1);
    const delivery = inbox.deliveries[0]!;
    expect(header(delivery, 'content-type')).toBe('application/json');
    expect(header(delivery, 'PAYPAL-AUTH-ALGO')).toBe('SHA256withRSA');
    expect(header(delivery, 'PAYPAL-TRANSMISSION-TIME')).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
    );
    expect(header(delivery, 'PAYPAL-CERT-URL')).toBe(env.paypal.certUrl);

    const event = eventOf(delivery);
    expect(event).toMatchObject({
      id: expect.stringMatching(/^WH-[A-Z0-9]{17}-[A-Z0-9]{17}$/),
      event_version: '1.0',
      resource_type: 'invoices',
      event_type: 'INVOICING.INVOICE.PAID',
      resource_version: '2.0',
      summary: expect.any(String),
      resource: {
        invoice: {
          id: invoice.id,
          status: 'PAID',
          payments: { paid_amount: { currency_code: 'USD', value: '449.10' } },
        },
      },
    });
    expect(openApiContracts().validate('notifications_webhooks_v1', 'event', event).ok).toBe(true);
    expect(openApiContracts().validate('invoicing_v2', 'invoice', event.resource.invoice).ok).toBe(
      true,
    );

    expect(await verifiesLocally(env, delivery)).toBe(true);
    expect(await verifyStatus(call, verificationBody(delivery))).toBe('SUCCESS');
    expect(env.paypal.webhooks.listAttempts()).toEqual([
      expect.objectContaining({
        eventId: event.id,
        attempt: 1,
        statusCode: 200,
        outcome: 'delivered',
      }),
    ]);
  });

  it('answers FAILURE for a tampered event, a wrong webhook id, a forged signature or an unknown transmission', async () => {
    const { emulators: env, receiver: inbox, call } = await setUp();
    const invoice = await sentInvoice(call);
    env.paypal.invoices.pay(invoice.id);
    await env.paypal.webhooks.idle();
    const delivery = inbox.deliveries[0]!;
    const event = eventOf(delivery);

    const tampered = structuredClone(event);
    tampered.resource.invoice.payments!.paid_amount.value = '1.00';
    expect(await verifyStatus(call, verificationBody(delivery, { webhook_event: tampered }))).toBe(
      'FAILURE',
    );
    expect(
      await verifyStatus(call, verificationBody(delivery, { webhook_id: 'WH-SOMEONE-ELSE' })),
    ).toBe('FAILURE');
    const forged = Buffer.from(header(delivery, 'PAYPAL-TRANSMISSION-SIG'), 'base64');
    forged[10] = (forged[10] ?? 0) ^ 0xff;
    expect(
      await verifyStatus(
        call,
        verificationBody(delivery, { transmission_sig: forged.toString('base64') }),
      ),
    ).toBe('FAILURE');
    expect(
      await verifyStatus(call, verificationBody(delivery, { transmission_id: randomUUID() })),
    ).toBe('FAILURE');
    expect(
      await verifyStatus(
        call,
        verificationBody(delivery, { transmission_time: '2020-01-01T00:00:00Z' }),
      ),
    ).toBe('FAILURE');
    // The untouched delivery still verifies: the checks above did not spoil it.
    expect(await verifyStatus(call, verificationBody(delivery))).toBe('SUCCESS');
  });

  it('requires every field of the verification request', async () => {
    const { call } = await setUp();
    const response = await call({
      url: '/v1/notifications/verify-webhook-signature',
      body: { auth_algo: 'SHA256withRSA', webhook_event: {} },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().name).toBe('INVALID_REQUEST');
    expect(response.json().details.map((detail: { field: string }) => detail.field)).toEqual([
      '/cert_url',
      '/transmission_id',
      '/transmission_sig',
      '/transmission_time',
      '/webhook_id',
    ]);
  });

  it('sends CANCELLED when the buyer declines, REFUNDED after a refund, and PAID for a partial payment', async () => {
    const { emulators: env, receiver: inbox, call } = await setUp();
    const declined = await sentInvoice(call, 'WS-D');
    await env.app.inject({ method: 'POST', url: `/paypal/invoice/p/${declined.id}/decline` });

    const partial = await sentInvoice(call, 'WS-P');
    const paid = await env.app.inject({
      method: 'POST',
      url: `/paypal/_control/invoices/${partial.id}/pay`,
      payload: { amount: '100.00' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().invoice).toMatchObject({
      status: 'PARTIALLY_PAID',
      due_amount: { value: '349.10' },
      payments: { paid_amount: { value: '100.00' } },
    });
    await env.app.inject({ method: 'POST', url: `/paypal/_control/invoices/${partial.id}/pay` });
    const refunded = await env.app.inject({
      method: 'POST',
      url: `/paypal/_control/invoices/${partial.id}/refund`,
    });
    expect(refunded.json().invoice).toMatchObject({
      status: 'REFUNDED',
      refunds: { refund_amount: { value: '449.10' }, transactions: [{ method: 'PAYPAL' }] },
    });
    await env.paypal.webhooks.idle();

    const events = inbox.deliveries.map(eventOf);
    expect(events.map((event) => [event.event_type, event.resource.invoice.status])).toEqual([
      ['INVOICING.INVOICE.CANCELLED', 'CANCELLED'],
      ['INVOICING.INVOICE.PAID', 'PARTIALLY_PAID'],
      ['INVOICING.INVOICE.PAID', 'PAID'],
      ['INVOICING.INVOICE.REFUNDED', 'REFUNDED'],
    ]);
    for (const delivery of inbox.deliveries) {
      expect(await verifyStatus(call, verificationBody(delivery))).toBe('SUCCESS');
    }
    // The API shows the end state too.
    expect((await call({ url: `/v2/invoicing/invoices/${declined.id}` })).json().status).toBe(
      'CANCELLED',
    );
  });

  it('merchant-side cancel from the control API sends CANCELLED', async () => {
    const { emulators: env, receiver: inbox, call } = await setUp();
    const invoice = await sentInvoice(call);
    const response = await env.app.inject({
      method: 'POST',
      url: `/paypal/_control/invoices/${invoice.id}/cancel`,
    });
    expect(response.json().invoice.status).toBe('CANCELLED');
    await env.paypal.webhooks.idle();
    expect(inbox.deliveries.map((d) => eventOf(d).event_type)).toEqual([
      'INVOICING.INVOICE.CANCELLED',
    ]);
    const again = await env.app.inject({
      method: 'POST',
      url: `/paypal/_control/invoices/${invoice.id}/cancel`,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ issue: 'INVOICE_CANCELED_ALREADY' });
  });

  it('redelivers an event with the same id and a fresh transmission', async () => {
    const { emulators: env, receiver: inbox, call } = await setUp();
    const invoice = await sentInvoice(call);
    env.paypal.invoices.pay(invoice.id);
    await env.paypal.webhooks.idle();
    const first = inbox.deliveries[0]!;
    const eventId = eventOf(first).id;

    const response = await env.app.inject({
      method: 'POST',
      url: `/paypal/_control/webhooks/${eventId}/redeliver`,
    });
    expect(response.statusCode).toBe(202);
    await env.paypal.webhooks.idle();

    const second = inbox.deliveries[1]!;
    expect(second.rawBody.equals(first.rawBody)).toBe(true);
    expect(header(second, 'PAYPAL-TRANSMISSION-ID')).not.toBe(
      header(first, 'PAYPAL-TRANSMISSION-ID'),
    );
    expect(await verifyStatus(call, verificationBody(second))).toBe('SUCCESS');
    expect(await verifyStatus(call, verificationBody(first))).toBe('SUCCESS');
    expect(env.paypal.webhooks.listAttempts({ eventId }).map((a) => a.redelivery)).toEqual([
      false,
      true,
    ]);

    const unknown = await env.app.inject({
      method: 'POST',
      url: '/paypal/_control/webhooks/WH-NOPE/redeliver',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('retries after non-2xx answers and records every attempt', async () => {
    const {
      emulators: env,
      receiver: inbox,
      call,
    } = await setUp((index) => (index < 2 ? 500 : 204));
    const invoice = await sentInvoice(call);
    env.paypal.invoices.pay(invoice.id);
    await env.paypal.webhooks.idle();

    expect(inbox.deliveries).toHaveLength(3);
    const transmissions = new Set(inbox.deliveries.map((d) => header(d, 'PAYPAL-TRANSMISSION-ID')));
    expect(transmissions.size).toBe(3);
    expect(await deliveryResults(env, '/paypal/_control/webhook-deliveries')).toEqual([
      [1, 500, 'failed'],
      [2, 500, 'failed'],
      [3, 204, 'delivered'],
    ]);
  });

  it('gives up after the configured retries when the receiver is down', async () => {
    const emulatorsDown = await emulatorsForTest({
      paypal: { webhookTargetUrl: await closedPortUrl(), webhookRetryDelaysMs: [10, 10] },
    });
    const call = paypalClient(emulatorsDown, await paypalToken(emulatorsDown));
    const invoice = await sentInvoice(call);
    emulatorsDown.paypal.invoices.pay(invoice.id);
    await emulatorsDown.paypal.webhooks.idle();
    const attempts = emulatorsDown.paypal.webhooks.listAttempts();
    expect(attempts.map((a) => [a.attempt, a.statusCode, a.error, a.outcome])).toEqual([
      [1, null, 'ECONNREFUSED', 'failed'],
      [2, null, 'ECONNREFUSED', 'failed'],
      [3, null, 'ECONNREFUSED', 'failed'],
    ]);
  });

  it('stops pending retries on reset', async () => {
    const { emulators: env, receiver: inbox, call } = await setUp(() => 503, [60_000]);
    const invoice = await sentInvoice(call);
    env.paypal.invoices.pay(invoice.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reset = await env.app.inject({ method: 'POST', url: '/paypal/_control/reset' });
    expect(reset.statusCode).toBe(204);
    await env.paypal.webhooks.idle();
    expect(inbox.deliveries).toHaveLength(1);
    expect(env.paypal.store.list()).toEqual([]);
    expect(env.paypal.webhooks.listAttempts()).toEqual([]);
  });

  it('names the certificate on the API host the server uses, when that is not the public URL', async () => {
    const env = await emulatorsForTest({
      publicUrl: 'http://127.0.0.1:4000',
      paypal: { apiBaseUrl: 'http://127.0.0.1:4010/paypal/' },
    });
    expect(env.paypal.certUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:4010\/paypal\/v1\/notifications\/certs\//,
    );
  });
});
