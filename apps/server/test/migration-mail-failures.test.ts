/**
 * The migration that lets a message be kept as failed, on a database made
 * by the code before it (test/fixtures): every message keeps what it was
 * (sent ones sent, with their ids), and none counts as failed.
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

interface Message {
  id: string;
  sent_at: Date | null;
  message_id: string | null;
}

describe.each(databaseKinds)('failed messages kept in the outbox, on %s', (kind) => {
  let database: TestDatabase;
  let before: Message[];
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await databaseBefore(kind);
    before = await rows(db(), sql`select id, sent_at, message_id from mail_outbox order by id`);
    await migrateToNewest(database);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('starts from messages the earlier code sent', () => {
    expect(before.length).toBeGreaterThan(2);
    expect(before.some((message) => message.sent_at !== null)).toBe(true);
  });

  it('keeps every message as it was, none failed', async () => {
    const after = await rows<Message & { failed_at: Date | null; failure: string | null }>(
      db(),
      sql`select id, sent_at, message_id, failed_at, failure, failure_kind from mail_outbox order by id`,
    );
    expect(after).toEqual(
      before.map((message) => ({
        ...message,
        failed_at: null,
        failure: null,
        failure_kind: null,
      })),
    );
  });
});
