import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Emulators } from '../app';
import {
  type ReceivedDelivery,
  ZOHO,
  closedPortUrl,
  deliveryResults,
  emulatorsForTest,
  emulatorsWithReceiver,
  linkBody,
  zohoClient,
  zohoToken,
} from '../test-support/harness';
import type { PaymentLink } from './payment-link-types';

const SIGNING_KEY = 'whsec-test-0042';
const WEBHOOK_PATH = '/api/webhooks/zoho';

async function setUp(answer?: (index: number) => number, retryDelays: number[] = [20, 20, 20]) {
  const { emulators, receiver } = await emulatorsWithReceiver(
    (url) => ({
      zoho: { webhookTargetUrl: url, signingKey: SIGNING_KEY, webhookRetryDelaysMs: retryDelays },
    }),
    { answer, path: WEBHOOK_PATH },
  );
  return { env: emulators, inbox: receiver };
}

/** Creates a link through the API, as the server does (expiry: Zoho's default, 30 days). */
async function createLink(env: Emulators, overrides: Record<string, unknown> = {}) {
  const call = zohoClient(env, await zohoToken(env, 'payments'));
  const response = await call({
    url: `/payments/api/v1/paymentlinks?account_id=${ZOHO.accountId}`,
    body: linkBody({ expires_at: undefined, ...overrides }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().payment_links as PaymentLink;
}

function signatureHeader(delivery: ReceivedDelivery): string {
  const value = delivery.headers['x-zoho-webhook-signature'];
  if (typeof value !== 'string') throw new Error('no X-Zoho-Webhook-Signature header');
  return value;
}

/** The receiver's check, written independently of the emulator: HMAC-SHA256 over `t.rawBody`. */
function verifies(delivery: ReceivedDelivery, key = SIGNING_KEY): boolean {
  const parts = Object.fromEntries(
    signatureHeader(delivery)
      .split(',')
      .map((part) => part.split('=') as [string, string]),
  );
  if (!parts.t || !parts.v) return false;
  const expected = createHmac('sha256', key)
    .update(Buffer.concat([Buffer.from(`${parts.t}.`), delivery.rawBody]))
    .digest();
  const given = Buffer.from(parts.v, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const text = (delivery: ReceivedDelivery) => delivery.rawBody.toString('utf8');
const eventOf = (delivery: ReceivedDelivery) =>
  JSON.parse(text(delivery)) as {
    event_id: number;
    event_type: string;
    account_id: number;
    live_mode: boolean;
    event_time: number;
    event_object: { payment_link?: PaymentLink; payment?: Record<string, unknown> };
  };

describe('Zoho Payments webhooks', () => {
  it('sends a signed payment_link.paid when the buyer pays on the page', async () => {
    const { env, inbox } = await setUp();
    const link = await createLink(env);
    const before = Date.now();
    await env.app.inject({ method: 'POST', url: `${new URL(link.url).pathname}/pay` });
    await env.zoho.webhooks.idle();

    expect(inbox.deliveries).toHaveLength(1);
    const delivery = inbox.deliveries[0]!;
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(signatureHeader(delivery)).toMatch(/^t=\d{13},v=[0-9a-f]{64}$/);
    expect(verifies(delivery)).toBe(true);
    expect(verifies(delivery, ZOHO.signingKey)).toBe(false);
    const t = Number(/t=(\d+)/.exec(signatureHeader(delivery))?.[1]);
    expect(t).toBeGreaterThanOrEqual(before);

    // A 16-digit number on the wire, as in Zoho's samples.
    expect(text(delivery)).toMatch(/^\{"event_id":\d{16},"event_type":"payment_link.paid",/);
    const event = eventOf(delivery);
    expect(event).toMatchObject({
      event_type: 'payment_link.paid',
      account_id: 23137556,
      live_mode: false,
      event_time: expect.any(Number),
      event_object: {
        payment_link: {
          payment_link_id: link.payment_link_id,
          reference_id: 'ORD7K2M9Q4X1B8C3',
          status: 'paid',
          amount: '41299.00',
          amount_paid: '41299.00',
          payments: [expect.objectContaining({ status: 'succeeded', amount: '41299.00' })],
        },
      },
    });
    expect(event.event_object.payment_link).toEqual(env.zoho.links.get(link.payment_link_id));

    const [attempt] = env.zoho.webhooks.listAttempts();
    expect(attempt).toMatchObject({
      eventType: 'payment_link.paid',
      paymentLinkId: link.payment_link_id,
      attempt: 1,
      redelivery: false,
      statusCode: 200,
      outcome: 'delivered',
      signature: signatureHeader(delivery),
    });
    // The id as the emulator keeps it is the exact digits sent.
    expect(text(delivery)).toContain(`"event_id":${attempt?.eventId},`);
  });

  it('sends payment.failed with the payment, then payment_link.paid after a retry that succeeds', async () => {
    const { env, inbox } = await setUp();
    const link = await createLink(env);
    const page = new URL(link.url).pathname;
    await env.app.inject({ method: 'POST', url: `${page}/fail` });
    await env.app.inject({ method: 'POST', url: `${page}/pay` });
    await env.zoho.webhooks.idle();

    const events = inbox.deliveries.map(eventOf);
    expect(events.map((event) => event.event_type)).toEqual([
      'payment.failed',
      'payment_link.paid',
    ]);
    expect(events[0]?.event_object).toEqual({
      payment: {
        payment_id: expect.stringMatching(/^\d{16}$/),
        amount: '41299.00',
        currency: 'INR',
        status: 'failed',
        date: expect.any(Number),
        description: 'Payment for Wi-Fi 7 Workshop',
        reference_number: 'ORD7K2M9Q4X1B8C3',
        payment_link_id: link.payment_link_id,
        payment_method: { type: 'card' },
        failure_reason: expect.any(String),
      },
    });
    expect(inbox.deliveries.every((delivery) => verifies(delivery))).toBe(true);
  });

  it('sends payment_link.canceled for a cancel through the API and payment_link.expired on expiry', async () => {
    const { env, inbox } = await setUp();
    const canceled = await createLink(env);
    const call = zohoClient(env, await zohoToken(env, 'payments'));
    await call({
      method: 'PUT',
      url: `/payments/api/v1/paymentlinks/${canceled.payment_link_id}/cancel?account_id=${ZOHO.accountId}`,
    });
    const expired = await createLink(env, { reference_id: 'R2' });
    await env.app.inject({
      method: 'POST',
      url: `/zoho/_control/payment-links/${expired.payment_link_id}/expire`,
    });
    await env.zoho.webhooks.idle();
    expect(
      inbox.deliveries.map((delivery) => {
        const event = eventOf(delivery);
        return [event.event_type, event.event_object.payment_link?.status];
      }),
    ).toEqual([
      ['payment_link.canceled', 'canceled'],
      ['payment_link.expired', 'expired'],
    ]);
  });

  it('retries after non-2xx answers, signing each attempt afresh', async () => {
    const { env, inbox } = await setUp((index) => (index < 2 ? 500 : 204), [30, 30, 30]);
    const link = await createLink(env);
    env.zoho.links.pay(link.payment_link_id);
    await env.zoho.webhooks.idle();

    expect(inbox.deliveries).toHaveLength(3);
    expect(new Set(inbox.deliveries.map(text)).size).toBe(1);
    const signatures = inbox.deliveries.map(signatureHeader);
    expect(new Set(signatures).size).toBe(3);
    expect(inbox.deliveries.every((delivery) => verifies(delivery))).toBe(true);
    expect(
      await deliveryResults(
        env,
        `/zoho/_control/webhook-deliveries?paymentLinkId=${link.payment_link_id}`,
      ),
    ).toEqual([
      [1, 500, 'failed'],
      [2, 500, 'failed'],
      [3, 204, 'delivered'],
    ]);
  });

  it('gives up after the configured attempts when the receiver is down', async () => {
    const emulators = await emulatorsForTest({
      zoho: { webhookTargetUrl: await closedPortUrl(WEBHOOK_PATH), webhookRetryDelaysMs: [10, 10] },
    });
    const link = await createLink(emulators);
    emulators.zoho.links.pay(link.payment_link_id);
    await emulators.zoho.webhooks.idle();
    expect(
      emulators.zoho.webhooks.listAttempts().map((a) => [a.attempt, a.error, a.outcome]),
    ).toEqual([
      [1, 'ECONNREFUSED', 'failed'],
      [2, 'ECONNREFUSED', 'failed'],
      [3, 'ECONNREFUSED', 'failed'],
    ]);
  });

  it('redelivers an event through the control API with a fresh signature', async () => {
    const { env, inbox } = await setUp();
    const link = await createLink(env);
    env.zoho.links.pay(link.payment_link_id);
    await env.zoho.webhooks.idle();
    const [event] = (
      await env.app.inject({ method: 'GET', url: '/zoho/_control/webhook-events' })
    ).json().events;
    expect(event).toMatchObject({
      eventId: expect.stringMatching(/^\d{16}$/),
      eventType: 'payment_link.paid',
      paymentLinkId: link.payment_link_id,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await env.app.inject({
      method: 'POST',
      url: `/zoho/_control/webhooks/${event.eventId}/redeliver`,
    });
    expect(response.statusCode).toBe(202);
    await env.zoho.webhooks.idle();

    expect(inbox.deliveries).toHaveLength(2);
    expect(text(inbox.deliveries[1]!)).toBe(text(inbox.deliveries[0]!));
    expect(signatureHeader(inbox.deliveries[1]!)).not.toBe(signatureHeader(inbox.deliveries[0]!));
    expect(verifies(inbox.deliveries[1]!)).toBe(true);
    expect(
      env.zoho.webhooks.listAttempts({ eventId: event.eventId }).map((a) => a.redelivery),
    ).toEqual([false, true]);
    const unknown = await env.app.inject({
      method: 'POST',
      url: '/zoho/_control/webhooks/9973100000000000/redeliver',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps events undelivered but listed when delivery is off', async () => {
    const emulators = await emulatorsForTest();
    const link = await createLink(emulators);
    emulators.zoho.links.pay(link.payment_link_id);
    await emulators.zoho.webhooks.idle();
    expect(emulators.zoho.webhooks.listEvents().map((event) => event.eventType)).toEqual([
      'payment_link.paid',
    ]);
    expect(emulators.zoho.webhooks.listAttempts()).toEqual([]);
  });

  it('stops pending retries on reset', async () => {
    const { env, inbox } = await setUp(() => 503, [60_000]);
    const link = await createLink(env);
    env.zoho.links.pay(link.payment_link_id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reset = await env.app.inject({ method: 'POST', url: '/zoho/_control/reset' });
    expect(reset.statusCode).toBe(204);
    await env.zoho.webhooks.idle();
    expect(inbox.deliveries).toHaveLength(1);
    expect(env.zoho.webhooks.listAttempts()).toEqual([]);
    expect(env.zoho.webhooks.listEvents()).toEqual([]);
  });
});
