/**
 * The migration that makes each order's next provider check an
 * `order.check` job, on a database made by the code before it
 * (test/fixtures): every order that was due for a check is due at the same
 * time with the same count of checks, and none that was not gets one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { databaseBefore, migrateToNewest } from './support/database-before';
import { databaseKinds, type TestDatabase } from './support/databases';

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer raw queries with `rows`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface Check {
  key: string;
  run_at: Date;
  attempts: number;
}

describe.each(databaseKinds)('order checks moved onto the job queue, on %s', (kind) => {
  let database: TestDatabase;
  let checksBefore: Check[];
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await databaseBefore(kind);
    // One order whose checks had failed a few times, as the reconciler counted them.
    await db().execute(sql`update orders set check_attempts = 3
      where id = (select min(id) from orders where next_check_at is not null)`);
    checksBefore = await rows(
      db(),
      sql`select id as key, next_check_at as run_at, check_attempts as attempts from orders
          where next_check_at is not null order by id`,
    );
    await migrateToNewest(database);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('starts from orders due for a check, one with failed checks', () => {
    expect(checksBefore.length).toBeGreaterThan(2);
    expect(checksBefore.map((check) => check.attempts)).toContain(3);
  });

  it('gives each of them one waiting check at the same time, with its count', async () => {
    const jobs = await rows<Check & { done_at: Date | null }>(
      db(),
      sql`select key, run_at, attempts, done_at from jobs where kind = 'order.check' order by key`,
    );
    expect(jobs).toEqual(checksBefore.map((check) => ({ ...check, done_at: null })));
  });

  it('drops the columns the orders kept their schedule in', async () => {
    const columns = await rows<{ name: string }>(
      db(),
      sql`select column_name as name from information_schema.columns
          where table_name = 'orders' and column_name in ('next_check_at', 'check_attempts')`,
    );
    expect(columns).toEqual([]);
  });
});
