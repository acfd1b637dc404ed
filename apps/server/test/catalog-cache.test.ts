/**
 * The buyers' catalog answers read the rows, so a change made anywhere (a
 * plain SQL update on another connection, as the back office, the command
 * line or another instance would make one) shows in them at once, as does a
 * change made through the instance's own database. (They were once kept in
 * memory and dropped on a notification; nothing is kept now, so there is
 * nothing to drop.)
 */
import { apiRoutes, type PricingResponse, type ScheduleResponse } from '@wifi7/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { buildTestApp } from './support/app';
import { signInWithEmailLink, uniqueEmail } from './support/auth-emulator';
import { loadTestCatalog } from './support/catalog';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

describe.each(databaseKinds)('catalog changes on %s', (kind) => {
  let database: TestDatabase;
  /** A second connection to the same data: what another instance or the CLI writes through. */
  let elsewhere: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let idToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await loadTestCatalog(database.handle.db);
    elsewhere = await database.openAnother();
    app = await buildTestApp(database.handle);
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

  it('shows a price changed elsewhere', async () => {
    expect((await price()).prices[0]!.price).toBe(499);
    await elsewhere.db.execute(
      sql`update prices set amount_minor = 52900 where workshop_sku = 'WIFI7-LIVE' and currency = 'USD'`,
    );
    expect((await price()).prices[0]!.price).toBe(529);
  });

  it('shows a discount code used up elsewhere', async () => {
    expect((await price('SAVE10')).success).toBe(true);
    await elsewhere.db.execute(
      sql`update discount_codes set max_uses = 3, uses = 3 where code = 'SAVE10'`,
    );
    const answer = await price('SAVE10');
    expect(answer.success).toBe(false);
    expect(answer.message).toBe(
      'This discount code has already been used the maximum number of times.',
    );
  });

  it('drops a batch that fills up elsewhere from the workshop list, and marks it full in the schedule', async () => {
    expect(await workshopBatches()).toContain('B-APR');
    expect((await scheduledBatch('B-APR'))?.full).toBe(false);
    await elsewhere.db.execute(
      sql`update batches set seats_taken = seat_capacity where id = 'B-APR'`,
    );
    expect(await workshopBatches()).not.toContain('B-APR');
    expect((await scheduledBatch('B-APR'))?.full).toBe(true);
  });

  it('shows a change made through its own database at once, with no waiting', async () => {
    // What the back office, a purchase or a hold let go does on this instance.
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
