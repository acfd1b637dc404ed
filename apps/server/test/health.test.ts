/**
 * Liveness answers without the database; readiness (and its old name,
 * `/api/health`) answers 200 only when the database answers with every
 * migration applied and still writes, the jobs run (and complete their
 * passes) and the instance is not closing.
 */
import { apiRoutes } from '@wifi7/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/client';
import { enqueue, JobQueue } from '../src/core/jobs/queue';
import { startJobRunner } from '../src/job-runner';
import { ORDER_CHECK_JOB } from '../src/orders/repository';
import { createMetrics } from '../src/http/metrics/metrics';
import { buildTestApp } from './support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';
import { until } from './support/stack';

type RunnerDeps = Parameters<typeof startJobRunner>[0];

describe.each(databaseKinds)('health on %s', (kind) => {
  let database: TestDatabase;
  /** The app's own connection, closed below to stand for a database that went away. */
  let handle: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // A connection of the app's own, so closing it leaves the suite's clean-up alone.
    handle =
      kind === 'postgres'
        ? await openPostgres(database.url!, 2, { onIdleError: () => {} })
        : openPglite(await PGlite.create());
    await handle.migrate();
    app = await buildTestApp(handle);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const ready = {
    status: 'ok',
    database: 'ok',
    migrations: 'ok',
    storage: 'ok',
    jobs: 'off',
    closing: false,
  };

  it('is live and ready with the database up to date', async () => {
    const live = await app.inject({ url: apiRoutes.healthLive });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    const readiness = await app.inject({ url: apiRoutes.healthReady });
    expect([readiness.statusCode, readiness.json()]).toEqual([200, ready]);
    const old = await app.inject({ url: apiRoutes.health });
    expect([old.statusCode, old.json()]).toEqual([200, { status: 'ok' }]);
  });

  it('is not ready while the jobs of a running instance have stopped', async () => {
    app.instance.jobs = 'stopped';
    try {
      const readiness = await app.inject({ url: apiRoutes.healthReady });
      expect([readiness.statusCode, readiness.json()]).toEqual([
        503,
        { ...ready, status: 'unavailable', jobs: 'stopped' },
      ]);
      expect((await app.inject({ url: apiRoutes.health })).statusCode).toBe(503);
      expect((await app.inject({ url: apiRoutes.healthLive })).statusCode).toBe(200);
    } finally {
      app.instance.jobs = 'running';
    }
    expect((await app.inject({ url: apiRoutes.healthReady })).json()).toEqual({
      ...ready,
      jobs: 'running',
    });
  });

  it('is not ready once the jobs complete no pass, and a hung job holds up no other', async () => {
    let release: () => void = () => {};
    const hung = new Promise<number>((resolve) => {
      release = () => resolve(0);
    });
    let attentionPasses = 0;
    let waitlistPasses = 0;
    const queue = new JobQueue(handle.db, app.log);
    // A provider call that never answers keeps an order's check busy for good.
    queue.handle(ORDER_CHECK_JOB, {
      leaseSeconds: 60,
      run: async () => {
        await hung;
      },
    });
    await enqueue(handle.db, ORDER_CHECK_JOB, {}, { key: 'hung' });
    const runner = startJobRunner(
      {
        db: handle.db,
        waitlist: {
          runDue: async () => {
            waitlistPasses += 1;
            return { expired: 0, offered: 0 };
          },
        } as unknown as RunnerDeps['waitlist'],
        sellerMail: {
          enqueueNewAttention: async () => attentionPasses++,
          enqueueDigestIfDue: async () => false,
        } as unknown as RunnerDeps['sellerMail'],
        queue,
        log: app.log,
        pulse: app.instance.jobPulse,
      },
      1,
    );
    app.instance.jobs = 'running';
    try {
      await until(
        async () => attentionPasses >= 3 && waitlistPasses >= 3,
        'the other jobs to go on',
      );
      const stalled = await until(async () => {
        const readiness = await app.inject({ url: apiRoutes.healthReady });
        return readiness.statusCode === 503 ? readiness.json() : undefined;
      }, 'readiness to say the jobs stalled');
      expect(stalled).toEqual({ ...ready, status: 'unavailable', jobs: 'stalled' });
      const metrics = await createMetrics(handle.db, app.instance.jobPulse).registry.metrics();
      expect(metrics).toMatch(/^wifi7_jobs_stalled 1$/m);
      expect(metrics).toMatch(/^wifi7_jobs_last_pass_timestamp_seconds 0$/m);

      // The provider answers at last: the next pass completes and the instance is ready again.
      release();
      await until(
        async () => (await app.inject({ url: apiRoutes.healthReady })).statusCode === 200,
        'a complete pass',
      );
      const after = await createMetrics(handle.db, app.instance.jobPulse).registry.metrics();
      expect(after).toMatch(/^wifi7_jobs_stalled 0$/m);
      expect(after).toMatch(/^wifi7_jobs_last_pass_timestamp_seconds [1-9][\d.e+]*$/m);
    } finally {
      release();
      await runner.stop();
      app.instance.jobs = 'off';
    }
  });

  it('is not ready when the database is behind this build', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const [removed] = (
      (await handle.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning *`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    const readiness = await app.inject({ url: apiRoutes.healthReady });
    expect([readiness.statusCode, readiness.json()]).toMatchObject([
      503,
      { status: 'unavailable', migrations: 'behind' },
    ]);
    await handle.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
          values (${removed!.id}, ${removed!.hash}, ${removed!.created_at})`,
    );
    expect((await app.inject({ url: apiRoutes.healthReady })).statusCode).toBe(200);
  });

  it('is not ready while the database cannot write (a full disk), and ready once it can', async () => {
    // What a full disk answers a write: reads (and the migrations check) still work.
    await handle.db.execute(sql`
      create function fail_as_full_disk() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file: No space left on device' using errcode = '53100';
      end $$`);
    await handle.db.execute(sql`
      create trigger full_disk before insert or update on write_heartbeat
      for each row execute function fail_as_full_disk()`);
    // The write check is cached for a few seconds: wait for it to run again.
    const failing = await until(async () => {
      const readiness = await app.inject({ url: apiRoutes.healthReady });
      return readiness.statusCode === 503 ? readiness : undefined;
    }, 'readiness to see the failing writes');
    expect(failing.json()).toMatchObject({
      status: 'unavailable',
      database: 'ok',
      migrations: 'ok',
      storage: 'failing',
    });
    expect((await app.inject({ url: apiRoutes.health })).json()).toEqual({ status: 'unavailable' });
    expect((await app.inject({ url: apiRoutes.healthLive })).statusCode).toBe(200);

    await handle.db.execute(sql`drop trigger full_disk on write_heartbeat`);
    const again = await until(async () => {
      const readiness = await app.inject({ url: apiRoutes.healthReady });
      return readiness.statusCode === 200 ? readiness : undefined;
    }, 'readiness to see the writes work again');
    expect(again.json()).toMatchObject({ status: 'ok', storage: 'ok' });
  });

  it('stays live but is not ready when the database does not answer', async () => {
    await handle.close();
    const readiness = await app.inject({ url: apiRoutes.healthReady });
    expect([readiness.statusCode, readiness.json()]).toMatchObject([
      503,
      { status: 'unavailable', database: 'unreachable', migrations: 'unknown' },
    ]);
    const old = await app.inject({ url: apiRoutes.health });
    expect([old.statusCode, old.json()]).toEqual([503, { status: 'unavailable' }]);
    const live = await app.inject({ url: apiRoutes.healthLive });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
  });
});
