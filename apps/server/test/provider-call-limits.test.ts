/**
 * Every route that may cost a call to PayPal or Zoho is limited per user
 * and per client address, with 429 and Retry-After, counted in Postgres
 * so two instances share the limits. The limits run before
 * authentication, so the callers here carry tokens that are only decoded
 * for their subject (and then refused); nothing reaches a provider.
 */
import { apiRoutes, zohoContactByEmailPath } from '@wifi7/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_CALL_LIMITS, type CallLimits } from '../src/http/plugins/provider-call-limits';
import { buildTestApp } from './support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

const bearer = (sub: string) =>
  `Bearer eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.c2ln`;

const ROUTES: [string, keyof typeof PROVIDER_CALL_LIMITS, 'GET' | 'POST' | 'PUT', string][] = [
  ['contact look-up', 'contactLookup', 'GET', zohoContactByEmailPath('a@example.com')],
  ['contact create', 'contactCreate', 'POST', apiRoutes.zohoContacts],
  ['PayPal checkout', 'paypalCheckout', 'POST', apiRoutes.paypalInvoice],
  ['Zoho checkout', 'zohoCheckout', 'POST', apiRoutes.zohoCheckout],
  ['payment-status check', 'paymentStatus', 'GET', apiRoutes.zohoPaymentStatus],
  ['applied discount', 'appliedDiscount', 'PUT', apiRoutes.appliedDiscount],
];

describe.each(databaseKinds)('provider-call limits on %s', (kind) => {
  let database: TestDatabase;
  let first: Awaited<ReturnType<typeof buildTestApp>>;
  let second: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    first = await buildTestApp(database.handle);
    second = await buildTestApp(await database.openAnother());
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.dispose();
  });

  let addresses = 0;
  const newAddress = () => `192.0.2.${(addresses += 1)}`;

  describe.each(ROUTES)('%s', (_name, limitName, method, url) => {
    const limits: CallLimits = PROVIDER_CALL_LIMITS[limitName];
    const call = (address: string, user: string, index: number) =>
      (index % 2 === 0 ? first : second).inject({
        method,
        url,
        remoteAddress: address,
        headers: { authorization: bearer(user), 'content-type': 'application/json' },
        payload: method === 'GET' ? undefined : '{}',
      });

    it('limits each user, across instances, then answers 429 with Retry-After', async () => {
      const address = newAddress();
      const answers: LightMyRequestResponse[] = [];
      for (let i = 0; i < limits.perUser + 2; i += 1) answers.push(await call(address, 'u1', i));
      expect(answers.slice(0, limits.perUser).every((a) => a.statusCode !== 429)).toBe(true);
      const refused = answers.slice(limits.perUser);
      expect(refused.every((a) => a.statusCode === 429)).toBe(true);
      const retryAfter = Number(refused[0]!.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another user from the same address is not held by the first one's limit.
      expect((await call(address, 'u2', 0)).statusCode).not.toBe(429);
    });

    it('limits each address, however many users it signs in as', async () => {
      const address = newAddress();
      const statuses: number[] = [];
      for (let i = 0; i < limits.perAddress + 2; i += 1) {
        // Every user stays under its own limit.
        statuses.push((await call(address, `user-${i % 5}-${address}`, i)).statusCode);
      }
      expect(statuses.slice(0, limits.perAddress).every((status) => status !== 429)).toBe(true);
      expect(statuses.slice(limits.perAddress).every((status) => status === 429)).toBe(true);
      const refused = await call(address, 'someone-else', 0);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not held by it.
      expect((await call(newAddress(), 'someone-else', 0)).statusCode).not.toBe(429);
    });
  });
});
