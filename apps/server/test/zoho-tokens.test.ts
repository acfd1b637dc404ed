/**
 * Zoho lets a refresh token mint 10 access tokens in 10 minutes, and its
 * accounts server (the emulator's counts it as Zoho does) refuses the
 * 11th. Instances share the access token through the database: two
 * instances and a restarted one refresh each refresh token (Books,
 * Payments) once until the token expires, concurrent callers on two
 * instances share one refresh, and a refresh Zoho refuses is not asked
 * again by anyone for a while: callers get the rail's "unavailable".
 */
import { buildEmulators, type Emulators } from '@wifi7/emulators';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../src/config/env';
import {
  RailRefusedError,
  RailUnavailableError,
  type OrderSnapshot,
} from '../src/orders/rail-port';
import { buildTestApp, testConfig, testEnv } from './support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';
import { freePort } from './support/stack';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** How far the emulators' clock runs ahead of ours: moved on to expire Zoho's tokens. */
let ahead = 0;

describe.each(databaseKinds)('Zoho access tokens on %s', (kind) => {
  let database: TestDatabase;
  let emulators: Emulators;
  let emulatorsUrl: string;
  let config: Config;
  const running: App[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const port = await freePort();
    emulatorsUrl = `http://127.0.0.1:${port}`;
    emulators = await buildEmulators({
      firebaseProjectId: 'demo-wifi7-workshop',
      publicUrl: emulatorsUrl,
      clock: () => Date.now() + ahead,
      paypal: { webhookTargetUrl: null },
      zoho: { webhookTargetUrl: null },
    });
    await emulators.app.listen({ host: '127.0.0.1', port });
    config = testConfig({
      ZOHO_ACCOUNTS_URL: `${emulatorsUrl}/zoho/accounts`,
      ZOHO_BOOKS_API_URL: `${emulatorsUrl}/zoho/books/v3`,
      ZOHO_PAYMENTS_API_URL: `${emulatorsUrl}/zoho/payments/api/v1`,
      PROVIDER_TIMEOUT_MS: '2000',
    });
  });
  afterAll(async () => {
    const closing = emulators?.app.close();
    emulators?.app.server.closeAllConnections();
    await closing;
    await database?.dispose();
  });

  // Each test starts from nothing: no token at Zoho, none stored, no instance running.
  beforeEach(async () => {
    ahead = 0;
    emulators.zoho.tokens.clear();
    await database.handle.db.execute(sql`delete from provider_access_tokens`);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.close()));
  });

  /** A server instance of its own (its own connections on PostgreSQL) on the shared database. */
  const startInstance = async () => {
    const app = await buildTestApp(await database.openAnother(), { config });
    running.push(app);
    return app;
  };

  /** The access tokens Zoho minted for the Books and the Payments refresh token. */
  const refreshes = () =>
    Object.fromEntries(
      emulators.zoho.tokens.counts().map((count) => [count.product, count.issued]),
    );

  const rail = (app: App) => app.services.orders.rail('zoho_link');
  /** A Books call: a contact look-up (nobody is found). */
  const booksCall = (app: App) => rail(app).contacts!.findByEmail('nobody@example.com');
  /** A Payments call: the state of a link Zoho does not know, which Zoho refuses once authorised. */
  const paymentsCall = async (app: App) => {
    const error = await rail(app)
      .fetchState(unknownLinkOrder)
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(RailRefusedError);
  };
  const zohoCalls = async (app: App) => {
    await expect(booksCall(app)).resolves.toBeUndefined();
    await paymentsCall(app);
  };

  it('refreshes each refresh token once for two instances and a restarted one, until it expires', async () => {
    const first = await startInstance();
    const second = await startInstance();
    await zohoCalls(first);
    await zohoCalls(second);
    await zohoCalls(first);
    expect(refreshes()).toEqual({ books: 1, payments: 1 });

    // A restart (a deploy, a crash): the new instance reads the stored token.
    await first.close();
    const restarted = await startInstance();
    await zohoCalls(restarted);
    await zohoCalls(second);
    expect(refreshes()).toEqual({ books: 1, payments: 1 });

    // An hour on, Zoho has expired the token: the first caller to be refused
    // refreshes it, and the other instance takes the new one.
    ahead = 3600_000;
    await zohoCalls(second);
    await zohoCalls(restarted);
    expect(refreshes()).toEqual({ books: 2, payments: 2 });
  });

  it('refreshes a stored token that is about to expire once, whichever instance finds it', async () => {
    await zohoCalls(await startInstance());
    await database.handle.db.execute(
      sql`update provider_access_tokens set expires_at = now() + interval '30 seconds'`,
    );
    const [third, fourth] = [await startInstance(), await startInstance()];
    await Promise.all([zohoCalls(third), zohoCalls(fourth)]);
    expect(refreshes()).toEqual({ books: 2, payments: 2 });
  });

  it('shares one refresh among concurrent callers on two instances', async () => {
    const [first, second] = [await startInstance(), await startInstance()];
    await Promise.all(
      Array.from({ length: 4 }, () => [zohoCalls(first), zohoCalls(second)]).flat(),
    );
    expect(refreshes()).toEqual({ books: 1, payments: 1 });
  });

  it('asks no more after Zoho refuses a refresh for coming too often: callers get "unavailable"', async () => {
    // Someone else used the Books refresh token's 10 refreshes of these 10 minutes.
    for (let index = 0; index < 10; index += 1) {
      const response = await fetch(`${emulatorsUrl}/zoho/accounts/oauth/v2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          refresh_token: testEnv.ZOHO_BOOKS_REFRESH_TOKEN,
          client_id: testEnv.ZOHO_CLIENT_ID,
          client_secret: testEnv.ZOHO_CLIENT_SECRET,
          grant_type: 'refresh_token',
        }),
      });
      expect(response.status).toBe(200);
    }
    const [first, second] = [await startInstance(), await startInstance()];
    for (const app of [first, second, first, second]) {
      const error = await booksCall(app).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(RailUnavailableError);
      expect((error as RailUnavailableError).outcomeUnknown).toBe(false);
    }
    const books = () => emulators.zoho.tokens.counts().find((count) => count.product === 'books')!;
    // One refusal at Zoho for all those calls; Payments has its own allowance.
    expect(books().refused).toBe(1);
    await paymentsCall(first);

    // Once the pause is over (and Zoho's window has moved on), one refresh again.
    ahead = 10 * 60_000;
    await database.handle.db.execute(
      sql`update provider_access_tokens set refused_until = now() where refused_until is not null`,
    );
    await Promise.all([booksCall(first), booksCall(second)]);
    expect(books()).toMatchObject({ issued: 11, refused: 1 });
  });
});

const unknownLinkOrder: OrderSnapshot = {
  id: 'ord_token_test',
  email: 'nobody@example.com',
  rail: 'zoho_link',
  currency: 'INR',
  workshopSku: 'WIFI7-LIVE',
  workshopName: 'Wi-Fi 7 live workshop',
  batchId: 'batch-1',
  batchDescription: 'A batch',
  subtotalMinor: 100,
  discountMinor: 0,
  totalMinor: 100,
  billing: {} as OrderSnapshot['billing'],
  invoiceNumber: null,
  providerReference: '9999999999',
  unknownCreateSince: null,
  holdExpiresAt: new Date(),
};
