/**
 * Forged PayPal webhooks must be cheap to refuse and must never starve
 * genuine ones: whatever fails a local check costs no call to PayPal at
 * all; a well-formed delivery is verified here against PayPal's
 * certificate (fetched once per URL, a few fetches a minute at most), so a
 * flood of forged ones costs no verify call and a genuine payment is
 * settled in seconds all the same.
 */
import { apiRoutes } from '@wifi7/contract';
import type { RecordedRequest } from '@wifi7/emulators';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_LIMITS } from '../src/integrations/paypal/paypal-webhook-certs';
import { findOrder } from '../src/modules/orders/repository';
import { signedInBuyer } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody } from './support/request-bodies';
import { control, until, useStack, type StackContext } from './support/stack';

async function paypalRequests(env: StackContext): Promise<RecordedRequest[]> {
  const { requests } = (await control(env.stack, `/paypal/_control/requests`)) as {
    requests: RecordedRequest[];
  };
  return requests;
}

const paypalCalls = async (env: StackContext) => (await paypalRequests(env)).length;

/** A delivery that passes every local check; its signature is forged. */
function wellFormed(env: StackContext, index: number, certUrl?: string) {
  return {
    headers: {
      'content-type': 'application/json',
      'paypal-transmission-id': `6f1c2b4e-0000-4000-8000-${String(index).padStart(12, '0')}`,
      'paypal-transmission-time': new Date().toISOString(),
      'paypal-transmission-sig': Buffer.from(`a forged signature ${index}`).toString('base64'),
      'paypal-cert-url':
        certUrl ?? `${env.stack.emulatorsUrl}/paypal/v1/notifications/certs/CERT-x`,
      'paypal-auth-algo': 'SHA256withRSA',
    } as Record<string, string>,
    body: {
      id: `WH-FORGED-${index}`,
      event_type: 'INVOICING.INVOICE.PAID',
      resource: { invoice: { id: 'INV2-AAAA-BBBB-CCCC-DDDD' } },
    } as Record<string, unknown>,
  };
}

const post = (env: StackContext, delivery: { headers: Record<string, string>; body: unknown }) =>
  fetch(`${env.stack.appUrl}/api/webhooks/paypal`, {
    method: 'POST',
    headers: delivery.headers,
    body: typeof delivery.body === 'string' ? delivery.body : JSON.stringify(delivery.body),
  });

describe('PayPal webhook deliveries that fail a local check', () => {
  const env = useStack('pglite');

  const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
  it.each<[string, Record<string, string>, Record<string, unknown>]>([
    [
      'a certificate outside PayPal',
      { 'paypal-cert-url': 'https://evil.example.com/v1/notifications/certs/CERT-x' },
      {},
    ],
    [
      'a plain-http certificate URL on a PayPal host',
      { 'paypal-cert-url': 'http://api.paypal.com/v1/notifications/certs/CERT-x' },
      {},
    ],
    ['a transmission an hour old', { 'paypal-transmission-time': anHourAgo }, {}],
    ['a transmission time that is no time', { 'paypal-transmission-time': 'yesterday' }, {}],
    ['a signature that is not base64', { 'paypal-transmission-sig': 'not base64!' }, {}],
    ['an unknown algorithm', { 'paypal-auth-algo': 'none' }, {}],
    ['an event type we do not act on', {}, { event_type: 'PAYMENT.SALE.COMPLETED' }],
    ['no invoice in the resource', {}, { resource: { amount: 1 } }],
    ['an event id that is not a string', {}, { id: 42 }],
  ])('are refused with 400 and no call to PayPal: %s', async (_case, headers, body) => {
    const before = await paypalCalls(env);
    for (let index = 0; index < 40; index += 1) {
      const delivery = wellFormed(env, index);
      Object.assign(delivery.headers, headers);
      Object.assign(delivery.body, body);
      expect((await post(env, delivery)).status).toBe(400);
    }
    expect(await paypalCalls(env)).toBe(before);
  });

  it('refuses a body that is not a JSON object without asking PayPal', async () => {
    const before = await paypalCalls(env);
    for (const body of ['[1,2]', '"text"', '42', 'null']) {
      expect((await post(env, { ...wellFormed(env, 0), body })).status).toBe(400);
    }
    expect(await paypalCalls(env)).toBe(before);
  });
});

describe.each(databaseKinds)('A flood of forged PayPal webhooks on %s', (kind) => {
  const env = useStack(kind);

  /** A buyer's order with its PayPal invoice sent, and a way to pay it at PayPal. */
  async function placedOrder() {
    const { email, idToken } = await signedInBuyer('flood');
    const response = await fetch(`${env.stack.appUrl}${apiRoutes.paypalInvoice}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify(paypalInvoiceBody(email)),
    });
    expect(response.status).toBe(200);
    const { orderId } = (await response.json()) as { orderId: string };
    const order = (await findOrder(env.database.handle.db, orderId))!;
    return {
      orderId,
      pay: () => control(env.stack, `/paypal/_control/invoices/${order.providerReference}/pay`, {}),
      isPaid: async () => (await findOrder(env.database.handle.db, orderId))?.status === 'paid',
    };
  }

  it(
    'costs no verify call, a few certificate fetches at most, and a genuine payment settles in seconds',
    { timeout: 120_000 },
    async () => {
      // PayPal's certificate URL is public: forged deliveries name it, or any other on its host.
      const first = await placedOrder();
      await first.pay();
      await until(first.isPaid, 'the first payment settled', 10_000);
      const certUrl = env.stack.emulators.paypal.certUrl;
      const second = await placedOrder();
      const callsBefore = await paypalRequests(env);

      // More forged deliveries than PayPal's old budget of verify calls (30 a minute) allowed.
      let flooding = true;
      let sent = 0;
      const flood = (async () => {
        const statuses = new Map<number, number>();
        for (let index = 0; flooding || index < 120; index += 1, sent += 1) {
          const named =
            index % 2 === 0
              ? certUrl
              : `${env.stack.emulatorsUrl}/paypal/v1/notifications/certs/CERT-${index}`;
          const { status } = await post(env, wellFormed(env, index, named));
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
        return statuses;
      })();
      try {
        await until(async () => sent >= 40, 'the flood under way', 20_000);
        const paidAt = Date.now();
        await second.pay();
        await until(second.isPaid, 'the second payment settled during the flood', 10_000);
        expect(Date.now() - paidAt).toBeLessThan(10_000);
      } finally {
        flooding = false;
      }
      const statuses = await flood;
      expect([...statuses.keys()].every((status) => status === 400 || status === 503)).toBe(true);

      const during = (await paypalRequests(env)).slice(callsBefore.length);
      expect(
        during.filter((request) => request.path.endsWith('/verify-webhook-signature')),
      ).toEqual([]);
      const certFetches = during.filter((request) =>
        request.path.includes('/v1/notifications/certs/'),
      );
      expect(certFetches.length).toBeLessThanOrEqual(CERTIFICATE_LIMITS.fetchesPerMinute);
    },
  );
});
