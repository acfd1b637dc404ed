/**
 * Forged PayPal webhooks must be cheap to refuse: whatever fails a local
 * check never costs a call to PayPal's verify-webhook-signature, and the
 * calls that remain are capped per minute across every server instance.
 */
import type { RecordedRequest } from '@wifi7/emulators';
import { describe, expect, it } from 'vitest';
import { PAYPAL_VERIFY_CALLS_PER_MINUTE } from '../src/integrations/paypal/paypal-webhook-checks';
import { databaseKinds } from './support/databases';
import { control, useStack, type StackContext } from './support/stack';

const VERIFY_PATH = '/v1/notifications/verify-webhook-signature';

async function verifyCalls(env: StackContext): Promise<number> {
  const { requests } = (await control(env.stack, `/paypal/_control/requests`)) as {
    requests: RecordedRequest[];
  };
  return requests.filter((request) => request.path === VERIFY_PATH).length;
}

/** A delivery that passes every local check; its signature is forged. */
function wellFormed(env: StackContext, index: number) {
  return {
    headers: {
      'content-type': 'application/json',
      'paypal-transmission-id': `6f1c2b4e-0000-4000-8000-${String(index).padStart(12, '0')}`,
      'paypal-transmission-time': new Date().toISOString(),
      'paypal-transmission-sig': Buffer.from(`a forged signature ${index}`).toString('base64'),
      'paypal-cert-url': `${env.stack.emulatorsUrl}/paypal/v1/notifications/certs/CERT-x`,
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
    const before = await verifyCalls(env);
    for (let index = 0; index < 40; index += 1) {
      const delivery = wellFormed(env, index);
      Object.assign(delivery.headers, headers);
      Object.assign(delivery.body, body);
      expect((await post(env, delivery)).status).toBe(400);
    }
    expect(await verifyCalls(env)).toBe(before);
  });

  it('refuses a body that is not a JSON object without asking PayPal', async () => {
    const before = await verifyCalls(env);
    for (const body of ['[1,2]', '"text"', '42', 'null']) {
      expect((await post(env, { ...wellFormed(env, 0), body })).status).toBe(400);
    }
    expect(await verifyCalls(env)).toBe(before);
  });
});

describe.each(databaseKinds)('PayPal webhook verify calls on %s', (kind) => {
  const env = useStack(kind);

  it(`are capped at ${PAYPAL_VERIFY_CALLS_PER_MINUTE} a minute; past it, 503 with Retry-After`, async () => {
    const before = await verifyCalls(env);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let index = 0; index < PAYPAL_VERIFY_CALLS_PER_MINUTE + 5; index += 1) {
      const response = await post(env, wellFormed(env, index));
      statuses.push(response.status);
      if (response.status === 503) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses.slice(0, PAYPAL_VERIFY_CALLS_PER_MINUTE).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(PAYPAL_VERIFY_CALLS_PER_MINUTE).every((s) => s === 503)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect((await verifyCalls(env)) - before).toBe(PAYPAL_VERIFY_CALLS_PER_MINUTE);
  });
});
