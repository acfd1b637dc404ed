/**
 * A limit that guards money or an outside call (here the sign-in link's
 * lead) counts in Postgres, one upsert per request, so two instances share
 * it exactly; the cheap public reads count in each instance's memory.
 */
import { apiRoutes } from '@wifi7/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from './support/app';
import { loadTestCatalog } from './support/catalog';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

/** The schedule's limit per address and minute. */
const LIMIT = 120;
/** The sign-in link's lead: per address and minute. */
const LEAD_LIMIT = 20;

describe.each(databaseKinds)('rate limits of two instances on %s', (kind) => {
  let database: TestDatabase;
  let first: Awaited<ReturnType<typeof buildTestApp>>;
  let second: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await loadTestCatalog(database.handle.db);
    first = await buildTestApp(database.handle);
    second = await buildTestApp(await database.openAnother());
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.dispose();
  });

  const address = '198.51.100.7';
  const lead = (app: typeof first) =>
    app
      .inject({
        method: 'POST',
        url: apiRoutes.autoEnrollment,
        remoteAddress: address,
        payload: { userEmail: 'lead@example.com' },
      })
      .then((r) => r.statusCode);
  const sharedHits = async (route: string) => {
    const result = (await database.handle.db.execute(
      sql`select coalesce(sum(hits), 0)::int as hits from rate_limit_counters
          where key = ${`${route}:${address}`}`,
    )) as unknown as { rows: { hits: number }[] };
    return Number(result.rows[0]?.hits ?? 0);
  };

  it('count a shared limit in one row as each request comes, and both refuse past it', async () => {
    const route = `POST${apiRoutes.autoEnrollment}`;
    for (let sent = 1; sent <= 12; sent += 1) {
      expect(await lead(first)).toBe(200);
      expect(await sharedHits(route)).toBe(sent);
    }
    for (let sent = 13; sent <= LEAD_LIMIT; sent += 1) expect(await lead(second)).toBe(200);
    expect(await sharedHits(route)).toBe(LEAD_LIMIT);
    expect(await lead(first)).toBe(429);
    expect(await lead(second)).toBe(429);
  });

  it('count a public read in each instance’s memory, writing no row', async () => {
    const ask = (app: typeof first) =>
      app.inject({ url: apiRoutes.schedule, remoteAddress: address }).then((r) => r.statusCode);
    for (let sent = 0; sent < LIMIT; sent += 1) expect(await ask(first)).toBe(200);
    expect(await ask(first)).toBe(429);
    expect(await ask(second)).toBe(200);
    expect(await sharedHits(`GET${apiRoutes.schedule}`)).toBe(0);
  });
});

describe('client addresses behind the load balancer', () => {
  it('reads each client from X-Forwarded-For with a hop count, so each has its own limit', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp(database.handle, { config: testConfig({ TRUST_PROXY: '1' }) });
    try {
      const remaining = async (client: string) =>
        (
          await app.inject({
            url: apiRoutes.schedule,
            remoteAddress: '10.0.0.1',
            headers: { 'x-forwarded-for': client },
          })
        ).headers['x-ratelimit-remaining'];
      expect(await remaining('203.0.113.1')).toBe(String(LIMIT - 1));
      expect(await remaining('203.0.113.2')).toBe(String(LIMIT - 1));
      expect(await remaining('203.0.113.1')).toBe(String(LIMIT - 2));
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

describe('the catalog reads’ limits, counted in memory', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await loadTestCatalog(database.handle.db);
    app = await buildTestApp(database.handle);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const price = (remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: apiRoutes.pricing,
      remoteAddress,
      payload: { productSkus: ['WIFI7-LIVE'], countryCode: 'US', discountCode: null },
    });

  it('counts pricing per address and refuses past the limit as the other limits do', async () => {
    const address = '192.0.2.40';
    for (let sent = 1; sent <= LIMIT; sent += 1) {
      const answer = await price(address);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-ratelimit-limit']).toBe(String(LIMIT));
      expect(answer.headers['x-ratelimit-remaining']).toBe(String(LIMIT - sent));
    }
    const refused = await price(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-reset']).toBe(String(retryAfter));
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Rate limit exceeded, retry in ${retryAfter} seconds`,
    });
    // Another address, and the same address on another route, count on their own.
    expect((await price('192.0.2.41')).statusCode).toBe(200);
    const schedule = await app.inject({ url: apiRoutes.schedule, remoteAddress: address });
    expect(schedule.statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, so rotating addresses in one network buys nothing', async () => {
    const remaining = async (remoteAddress: string) =>
      (await app.inject({ url: apiRoutes.schedule, remoteAddress })).headers[
        'x-ratelimit-remaining'
      ];
    expect(await remaining('2001:db8:1:2::1')).toBe(String(LIMIT - 1));
    expect(await remaining('2001:db8:1:2:ffff::9')).toBe(String(LIMIT - 2));
    expect(await remaining('2001:db8:1:3::1')).toBe(String(LIMIT - 1));
  });
});
