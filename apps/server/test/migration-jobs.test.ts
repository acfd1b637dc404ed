/**
 * The one-job-queue migration on a database made by the code before it:
 * migrated up to the previous migration, filled as that code wrote its
 * outboxes, then migrated to the end. Nothing waiting may be lost: each
 * unsent e-mail and undelivered hand-off gets the job that does it, with
 * its count, error and time.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';
import { adminDatabaseUrl, databaseKinds, type DatabaseKind } from './support/databases';

const THIS_MIGRATION = '0010_order_rows_and_one_job_queue';

/** A copy of the migrations folder that stops before this one. */
async function migrationsBefore(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-before-'));
  await fs.cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag === THIS_MIGRATION);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

interface Sql {
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function open(kind: DatabaseKind): Promise<Sql> {
  if (kind === 'pglite') {
    const client = await PGlite.create();
    const db = drizzlePglite(client);
    return {
      query: (text) => client.query(text),
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `wifi7_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db = drizzlePostgres(client);
  return {
    query: (text) => client.query(text),
    migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
    async close() {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((f) => fs.rm(f, { recursive: true, force: true }))));

describe.each(databaseKinds)('the one-job-queue migration on %s', (kind) => {
  it(
    'gives every unsent e-mail the job that sends it and leaves sent ones as they were',
    { timeout: 180_000 },
    async () => {
      const before = await migrationsBefore();
      folders.push(before);
      const db = await open(kind);
      try {
        await db.migrate(before);
        // As MailDeliverer left them: one failed twice and due later, one never tried, one sent.
        await db.query(`
        insert into mail_outbox (id, kind, dedupe_key, "to", subject, text, html, attachments,
          attempts, next_attempt_at, last_error, sent_at, message_id, created_at) values
        ('m-failed', 'seller-digest', 'digest:2026-11-26', '["seller@example.com"]', 'Digest',
          't', '<p>t</p>', '[]', 2, '2026-11-27 12:00:00+00', 'connect ECONNREFUSED', null, null,
          '2026-11-27 10:00:00+00'),
        ('m-new', 'seller-attention', 'attention:x', '["seller@example.com"]', 'Attention',
          't', '<p>t</p>', '[]', 0, '2026-11-27 10:05:00+00', null, null, null,
          '2026-11-27 10:05:00+00'),
        ('m-sent', 'seller-digest', 'digest:2026-11-25', '["seller@example.com"]', 'Digest',
          't', '<p>t</p>', '[]', 1, '2026-11-26 10:00:00+00', null, '2026-11-26 10:00:01+00',
          '<m@x>', '2026-11-26 10:00:00+00')`);

        // As HandoffDeliverer left them: one order's enrolment delivered, its revocation failing.
        await db.query(`insert into workshops (sku, name) values ('WIFI7', 'Wi-Fi 7')`);
        await db.query(`
        insert into batches (id, workshop_sku, description, starts_on, seat_capacity)
        values ('B-1', 'WIFI7', 'Batch', '2027-01-13', 10)`);
        await db.query(`
        insert into orders (id, email, firebase_uid, rail, status, workshop_sku, workshop_name,
          batch_id, batch_description, currency, subtotal_minor, discount_minor, total_minor,
          billing, hold_expires_at) values
        ('O-1', 'buyer@example.com', 'uid-1', 'paypal_invoice', 'refunded', 'WIFI7', 'Wi-Fi 7',
          'B-1', 'Batch', 'USD', 49900, 0, 49900, '{}', now())`);
        await db.query(`
        insert into portal_handoffs (id, order_id, kind, dedupe_key, payload, delivered_at,
          attempts, next_attempt_at, last_error, created_at) values
        ('h-created', 'O-1', 'enrollment.created', '', '{}', '2026-11-27 09:00:01+00', 1,
          '2026-11-27 09:00:00+00', null, '2026-11-27 09:00:00+00'),
        ('h-revoked', 'O-1', 'enrollment.revoked', '', '{}', null, 3,
          '2026-11-27 13:00:00+00', 'portal answered 503', '2026-11-27 11:00:00+00')`);

        await db.migrate(migrationsFolder);

        const { rows: handoffJobs } = await db.query(`
        select key, attempts, last_error, run_at from jobs where kind = 'handoff'`);
        expect(handoffJobs).toEqual([
          {
            key: 'h-revoked',
            attempts: 3,
            last_error: 'portal answered 503',
            run_at: new Date('2026-11-27T13:00:00Z'),
          },
        ]);

        const { rows: mailJobs } = await db.query(`
        select key, attempts, last_error, run_at, done_at from jobs where kind = 'mail' order by key`);
        expect(mailJobs).toEqual([
          {
            key: 'm-failed',
            attempts: 2,
            last_error: 'connect ECONNREFUSED',
            run_at: new Date('2026-11-27T12:00:00Z'),
            done_at: null,
          },
          {
            key: 'm-new',
            attempts: 0,
            last_error: null,
            run_at: new Date('2026-11-27T10:05:00Z'),
            done_at: null,
          },
        ]);
        const { rows: mails } = await db.query(
          `select id, sent_at, message_id from mail_outbox order by id`,
        );
        expect(mails).toEqual([
          { id: 'm-failed', sent_at: null, message_id: null },
          { id: 'm-new', sent_at: null, message_id: null },
          { id: 'm-sent', sent_at: new Date('2026-11-26T10:00:01Z'), message_id: '<m@x>' },
        ]);
      } finally {
        await db.close();
      }
    },
  );
});
