/**
 * Forged PayPal webhooks must be cheap to refuse and must never starve
 * genuine ones: whatever fails a local check costs no call to PayPal at
 * all; a well-formed delivery is verified here against PayPal's
 * certificate (fetched once per URL, a few fetches a minute at most), so a
 * flood of forged ones costs no verify call and a genuine payment is
 * settled in seconds all the same. On an instance that has not fetched the
 * certificate yet, a delivery that cannot be verified is only a hint: the
 * open order it names is asked about at PayPal, once a minute at most.
 */
import type { RecordedRequest } from '@wifi7/emulators';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_LIMITS } from '../src/integrations/paypal/paypal-webhook-certs';
import { paymentEvents, providerCalls } from '../src/db/schema';
import { findOrder } from '../src/orders/repository';
import { databaseKinds } from './support/databases';
import { control, placePaypalOrder, until, useStack, type StackContext } from './support/stack';

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

/** A buyer's order with its PayPal invoice sent, and a way to pay it at PayPal. */
async function placedOrderOf(env: StackContext) {
  const order = await placePaypalOrder(env, 'flood');
  const orderId = order.id;
  const status = async () => (await findOrder(env.database.handle.db, orderId))?.status;
  return {
    orderId,
    invoiceId: order.providerReference!,
    pay: () => control(env.stack, `/paypal/_control/invoices/${order.providerReference}/pay`, {}),
    status,
    isPaid: async () => (await status()) === 'paid',
  };
}

/** Pays at PayPal; its webhook must settle the order within 10 s (waited on with room). */
async function payAndSettleWithinTenSeconds(
  order: Awaited<ReturnType<typeof placedOrderOf>>,
  what: string,
) {
  const paidAt = Date.now();
  await order.pay();
  await until(order.isPaid, what, 30_000);
  expect(Date.now() - paidAt).toBeLessThan(10_000);
}

describe.each(databaseKinds)('A flood of forged PayPal webhooks on %s', (kind) => {
  const env = useStack(kind);
  const placedOrder = () => placedOrderOf(env);

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
        await payAndSettleWithinTenSeconds(second, 'the second payment settled during the flood');
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

describe.each(databaseKinds)(
  'Unverifiable PayPal webhooks on an instance without the certificate, on %s',
  (kind) => {
    const env = useStack(kind);

    /** A certificate URL on the allowed origin that serves no certificate. */
    const madeUpCertUrl = (index: number) =>
      `${env.stack.emulatorsUrl}/paypal/v1/notifications/certs/CERT-MADE-UP-${index}`;

    /** Forged deliveries naming `invoiceId`, each with a certificate URL of its own. */
    async function forgedHints(invoiceId: string, from: number, count: number) {
      const statuses: number[] = [];
      for (let index = from; index < from + count; index += 1) {
        const delivery = wellFormed(env, index, madeUpCertUrl(index));
        delivery.body.resource = { invoice: { id: invoiceId } };
        statuses.push((await post(env, delivery)).status);
      }
      return statuses;
    }

    const rowCount = async (table: typeof providerCalls | typeof paymentEvents) =>
      (await env.database.handle.db.select({ id: table.id }).from(table)).length;

    it(
      'settle a genuine payment within 10 s although a flood spent the certificate fetches',
      { timeout: 120_000 },
      async () => {
        const order = await placedOrderOf(env);
        const callsBefore = await paypalRequests(env);

        let flooding = true;
        let sent = 0;
        const statuses = new Set<number>();
        const flood = (async () => {
          for (let index = 0; flooding; index += 1, sent += 1) {
            const { status } = await post(env, wellFormed(env, index, madeUpCertUrl(index)));
            statuses.add(status);
          }
        })();
        try {
          // Past the minute's certificate fetches: PayPal's own certificate cannot be fetched now.
          await until(
            async () => sent > CERTIFICATE_LIMITS.fetchesPerMinute + 5,
            'the fetch budget spent',
            30_000,
          );
          await payAndSettleWithinTenSeconds(order, 'the genuine payment settled during the flood');
        } finally {
          flooding = false;
          await flood;
        }
        expect([...statuses]).toEqual([503]);
        const certFetches = (await paypalRequests(env))
          .slice(callsBefore.length)
          .filter((request) => request.path.includes('/v1/notifications/certs/'));
        expect(certFetches.length).toBeLessThanOrEqual(CERTIFICATE_LIMITS.fetchesPerMinute);
      },
    );

    it('ask PayPal about an open order at most once a minute, however many hints name it', async () => {
      const order = await placedOrderOf(env);
      const callsBefore = (await paypalRequests(env)).length;

      const statuses = await forgedHints(order.invoiceId, 1000, 40);

      expect(new Set(statuses)).toEqual(new Set([503]));
      const invoiceReads = (await paypalRequests(env))
        .slice(callsBefore)
        .filter(
          (request) =>
            request.method === 'GET' && request.path.endsWith(`/invoices/${order.invoiceId}`),
        );
      expect(invoiceReads).toHaveLength(1);
      // Asked directly, PayPal says it is unpaid: the forged events changed nothing.
      expect(await order.status()).toBe('awaiting_payment');
    });

    it(
      'cost no PayPal call and no row when they name no open order',
      { timeout: 120_000 },
      async () => {
        const paid = await placedOrderOf(env);
        await paid.pay();
        await until(paid.isPaid, 'the payment settled', 30_000);
        await env.stack.emulators.paypal.webhooks.idle();
        const callsBefore = (await paypalRequests(env)).length;
        const rowsBefore = [await rowCount(providerCalls), await rowCount(paymentEvents)];

        const unknown = await forgedHints('INV2-UNKN-OWN0-0000-0000', 2000, 20);
        const closed = await forgedHints(paid.invoiceId, 3000, 20);

        expect(new Set([...unknown, ...closed])).toEqual(new Set([503]));
        const calls = (await paypalRequests(env))
          .slice(callsBefore)
          .filter((request) => !request.path.includes('/v1/notifications/certs/'));
        expect(calls).toEqual([]);
        expect([await rowCount(providerCalls), await rowCount(paymentEvents)]).toEqual(rowsBefore);
      },
    );
  },
);
