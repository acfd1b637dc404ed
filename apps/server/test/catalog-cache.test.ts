/**
 * The buyers' catalog answers come from memory, and a change made anywhere
 * (a plain SQL update on another connection, as the back office, the
 * command line or another instance would make one) shows in them within
 * moments, with no request to this instance needed to notice it; a change
 * made through the instance's own database shows at once.
 */
import { apiRoutes, type PricingResponse, type ScheduleResponse } from '@wifi7/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { buildTestApp, LogCapture } from './support/app';
import { signInWithEmailLink, uniqueEmail } from './support/auth-emulator';
import { loadTestCatalog } from './support/catalog';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

/** Generous: the cache drops within moments, but a busy machine must not fail the test. */
const eventually = { timeout: 15_000, interval: 20 };

describe.each(databaseKinds)('the catalog cache on %s', (kind) => {
  let database: TestDatabase;
  /** A second connection to the same data: what another instance or the CLI writes through. */
  let elsewhere: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const logs = new LogCapture();
  let idToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await loadTestCatalog(database.handle.db);
    elsewhere = await database.openAnother();
    app = await buildTestApp(database.handle, { logs });
    ({ idToken } = await signInWithEmailLink(uniqueEmail()));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const price = async (discountCode: string | null = null) => {
    const response = await app.inject({
      method: 'POST',
      url: apiRoutes.pricing,
      payload: { productSkus: ['WIFI7-LIVE'], countryCode: 'US', discountCode },
    });
    expect(response.statusCode).toBe(200);
    return response.json<PricingResponse>();
  };
  const workshopBatches = async () => {
    const response = await app.inject({
      url: apiRoutes.workshopList,
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ availableWorkshops: { batchDetails: { batchId: string }[] }[] }>();
    return body.availableWorkshops.flatMap((workshop) =>
      workshop.batchDetails.map((batch) => batch.batchId),
    );
  };
  const scheduledBatch = async (batchId: string) => {
    const response = await app.inject({ url: apiRoutes.schedule });
    expect(response.statusCode).toBe(200);
    return response
      .json<ScheduleResponse>()
      .workshops.flatMap((workshop) => workshop.batches)
      .find((batch) => batch.batchId === batchId);
  };

  it('is in use once the instance listens for catalog changes', async () => {
    await vi.waitFor(() => expect(app.catalogCache.live).toBe(true), eventually);
  });

  it('answers from memory: a change that notifies nobody is not seen', async () => {
    expect((await price()).prices[0]!.price).toBe(499);
    // The table's triggers off for this one transaction (others never see them off): the
    // one way to change a row without telling the instances. The tests' database role owns
    // the tables but is no superuser, so replica mode is not open to it.
    await elsewhere.db.transaction(async (tx) => {
      await tx.execute(sql`alter table prices disable trigger user`);
      await tx.execute(
        sql`update prices set amount_minor = 1 where workshop_sku = 'WIFI7-LIVE' and currency = 'USD'`,
      );
      await tx.execute(sql`alter table prices enable trigger user`);
    });
    expect((await price()).prices[0]!.price).toBe(499);
    await elsewhere.db.execute(
      sql`update prices set amount_minor = 49900 where workshop_sku = 'WIFI7-LIVE' and currency = 'USD'`,
    );
  });

  it('shows a price changed elsewhere', async () => {
    expect((await price()).prices[0]!.price).toBe(499);
    await elsewhere.db.execute(
      sql`update prices set amount_minor = 52900 where workshop_sku = 'WIFI7-LIVE' and currency = 'USD'`,
    );
    await vi.waitFor(async () => expect((await price()).prices[0]!.price).toBe(529), eventually);
  });

  it('shows a discount code used up elsewhere', async () => {
    expect((await price('SAVE10')).success).toBe(true);
    await elsewhere.db.execute(
      sql`update discount_codes set max_uses = 3, uses = 3 where code = 'SAVE10'`,
    );
    await vi.waitFor(async () => {
      const answer = await price('SAVE10');
      expect(answer.success).toBe(false);
      expect(answer.message).toBe(
        'This discount code has already been used the maximum number of times.',
      );
    }, eventually);
  });

  it('drops a batch that fills up elsewhere from the workshop list, and marks it full in the schedule', async () => {
    expect(await workshopBatches()).toContain('B-APR');
    expect((await scheduledBatch('B-APR'))?.full).toBe(false);
    await elsewhere.db.execute(
      sql`update batches set seats_taken = seat_capacity where id = 'B-APR'`,
    );
    await vi.waitFor(async () => {
      expect(await workshopBatches()).not.toContain('B-APR');
      expect((await scheduledBatch('B-APR'))?.full).toBe(true);
    }, eventually);
  });

  it.runIf(kind === 'postgres')(
    'reads through while its listening connection is lost, and listens again',
    async () => {
      const listening = () =>
        logs.lines.filter((line) => line.msg?.toString().startsWith('catalog cache on')).length;
      const before = listening();
      expect((await price()).prices[0]!.price).toBe(529);
      // What a database restart or a dropped network connection does to the listener.
      await elsewhere.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = 'listen catalog_changed' and datname = current_database()`,
      );
      await elsewhere.db.execute(
        sql`update prices set amount_minor = 55900 where workshop_sku = 'WIFI7-LIVE' and currency = 'USD'`,
      );
      // Whether the change came while it listened or not, the new price is what it answers.
      await vi.waitFor(async () => expect((await price()).prices[0]!.price).toBe(559), eventually);
      await vi.waitFor(() => expect(listening()).toBeGreaterThan(before), eventually);
      expect(logs.lines.some((line) => line.msg?.toString().startsWith('catalog cache off'))).toBe(
        true,
      );
      expect(app.catalogCache.live).toBe(true);
      // Listening again: the next change arrives by notification as before.
      await elsewhere.db.execute(
        sql`update prices set amount_minor = 56900 where workshop_sku = 'WIFI7-LIVE' and currency = 'USD'`,
      );
      await vi.waitFor(async () => expect((await price()).prices[0]!.price).toBe(569), eventually);
    },
  );

  it('shows a change made through its own database at once, with no waiting', async () => {
    // What the back office, a purchase or a hold let go does on this instance: the cache is
    // dropped before the write (or its transaction's commit) returns.
    const usd = sql`workshop_sku = 'WIFI7-LIVE' and currency = 'USD'`;
    await database.handle.db.execute(sql`update prices set amount_minor = 57900 where ${usd}`);
    expect((await price()).prices[0]!.price).toBe(579);
    await database.handle.db.transaction(async (tx) => {
      await tx.execute(sql`update prices set amount_minor = 58900 where ${usd}`);
    });
    expect((await price()).prices[0]!.price).toBe(589);
    await database.handle.db.execute(sql`update batches set seats_taken = 0 where id = 'B-APR'`);
    expect(await workshopBatches()).toContain('B-APR');
    expect((await scheduledBatch('B-APR'))?.full).toBe(false);
  });
});
