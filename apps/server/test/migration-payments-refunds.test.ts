/**
 * The migration that made payments and refunds rows, run on a database as
 * the code before it left one: payment ids in `orders.payment_references`,
 * back-office refunds only as "order.refund" entries of the seller audit
 * log. Nothing may be lost on the way, on PGlite and on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Database } from '../src/db/client';
import * as schema from '../src/db/schema';
import { balance, orderMoney } from '../src/orders/money';
import { adminDatabaseUrl, databaseKinds, type DatabaseKind } from './support/databases';

const THIS_MIGRATION = /^0010_order_rows_and_one_job_queue$/;

/** The migrations folder as the code before this change shipped it. */
async function migrationsBefore(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'wifi7-migrations-before-'));
  await fs.cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => THIS_MIGRATION.test(entry.tag));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

interface Opened {
  db: Database;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function open(kind: DatabaseKind): Promise<Opened> {
  if (kind === 'pglite') {
    const client = await PGlite.create();
    const db = drizzlePglite(client, { schema });
    return {
      db: db as unknown as Database,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `wifi7_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminDatabaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePostgres(pool, { schema });
  return {
    db: db as unknown as Database,
    migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** An order row as the code before wrote it, payment ids and all. */
const oldOrder = (o: {
  id: string;
  rail: 'paypal_invoice' | 'zoho_link';
  status: string;
  currency: 'USD' | 'INR';
  totalMinor: number;
  references: string[];
  paidAt: string | null;
}) => sql`
  insert into orders (id, email, firebase_uid, rail, status, workshop_sku, workshop_name, batch_id,
    batch_description, currency, subtotal_minor, discount_minor, total_minor, billing, hold_expires_at,
    provider_reference, payment_references, paid_at)
  values (${o.id}, ${`${o.id.toLowerCase()}@example.com`}, 'uid', ${o.rail}, ${o.status}, 'WIFI7-LIVE',
    'Wi-Fi 7 live', 'B-JAN', 'Jan 2027', ${o.currency}, ${o.totalMinor}, 0, ${o.totalMinor},
    ${JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', country: 'GB' })}::jsonb,
    now() + interval '1 day', ${`REF-${o.id}`}, ${JSON.stringify(o.references)}::jsonb,
    ${o.paidAt}::timestamptz)`;

/** A back-office refund's audit entry exactly as seller-rail-actions.ts wrote it. */
const refundAudit = (
  orderId: string,
  seller: string,
  refund: { amountMinor: number; state: 'completed' | 'pending'; key: string; note: string | null },
  at: string,
) => {
  const view = {
    status: 'paid',
    batchId: 'B-JAN',
    totalMinor: 49_900,
    currency: 'USD',
    providerReference: `REF-${orderId}`,
    paymentReferences: ['TX-1'],
    attention: null,
  };
  const after = {
    ...view,
    message: 'Refunded 100.00 USD.',
    amountMinor: refund.amountMinor,
    reason: 'buyer-asked',
    refundReference: `RF-${refund.key}`,
    refundState: refund.state,
    requestKey: refund.key,
  };
  return sql`
    insert into seller_audit (seller_email, action, target_type, target_id, before, after, note, created_at)
    values (${seller}, 'order.refund', 'order', ${orderId}, ${JSON.stringify(view)}::jsonb,
      ${JSON.stringify(after)}::jsonb, ${refund.note}, ${at}::timestamptz)`;
};

describe.each(databaseKinds)('payments and refunds as rows (%s)', (kind) => {
  let database: Opened;
  let before: string;

  beforeAll(async () => {
    before = await migrationsBefore();
    database = await open(kind);
    await database.migrate(before);
    const { db } = database;
    await db.execute(sql`insert into workshops (sku, name) values ('WIFI7-LIVE', 'Wi-Fi 7 live')`);
    await db.execute(sql`
      insert into batches (id, workshop_sku, description, starts_on, seat_capacity)
      values ('B-JAN', 'WIFI7-LIVE', 'Jan 2027', '2027-01-12', 10)`);
    const paidAt = '2026-11-02T10:00:00.000Z';
    await db.execute(
      oldOrder({
        id: 'PARTREFUNDED',
        rail: 'paypal_invoice',
        status: 'paid',
        currency: 'USD',
        totalMinor: 49_900,
        references: ['TX-1'],
        paidAt,
      }),
    );
    await db.execute(
      oldOrder({
        id: 'PAIDTWICE',
        rail: 'zoho_link',
        status: 'refunded',
        currency: 'INR',
        totalMinor: 4_129_900,
        references: ['pay_1', 'pay_2'],
        paidAt,
      }),
    );
    await db.execute(
      oldOrder({
        id: 'BYHAND',
        rail: 'paypal_invoice',
        status: 'paid',
        currency: 'USD',
        totalMinor: 49_900,
        references: ['manual: Bank transfer, ref 9'],
        paidAt,
      }),
    );
    await db.execute(
      oldOrder({
        id: 'DUPLICATE',
        rail: 'zoho_link',
        status: 'cancelled',
        currency: 'INR',
        totalMinor: 4_129_900,
        references: ['pay_9'],
        paidAt: null,
      }),
    );
    await db.execute(
      oldOrder({
        id: 'WAITING',
        rail: 'paypal_invoice',
        status: 'awaiting_payment',
        currency: 'USD',
        totalMinor: 49_900,
        references: [],
        paidAt: null,
      }),
    );
    const seller = 'seller@example.com';
    await db.execute(
      refundAudit(
        'PARTREFUNDED',
        seller,
        { amountMinor: 10_000, state: 'completed', key: 'k1', note: 'Asked by mail' },
        '2026-11-03T09:00:00.000Z',
      ),
    );
    await db.execute(
      refundAudit(
        'PARTREFUNDED',
        seller,
        { amountMinor: 5_000, state: 'pending', key: 'k2', note: null },
        '2026-11-04T09:00:00.000Z',
      ),
    );
    await db.execute(sql`
      insert into seller_audit (seller_email, action, target_type, target_id, before, after)
      values (${seller}, 'order.resend', 'order', 'WAITING', '{}'::jsonb, '{"message":"sent"}'::jsonb)`);
    await database.migrate(migrationsFolder);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    if (before) await fs.rm(before, { recursive: true, force: true });
  });

  const moneyOf = async (orderId: string, totalMinor = 49_900) =>
    balance({ totalMinor }, await orderMoney(database.db, orderId));

  it('moves every payment id to a payment row, in order, with the amount only where it is known', async () => {
    expect(await moneyOf('PARTREFUNDED')).toMatchObject({
      paymentReferences: ['TX-1'],
      railPayments: 1,
    });
    expect(await moneyOf('PAIDTWICE', 4_129_900)).toMatchObject({
      paymentReferences: ['pay_1', 'pay_2'],
      railPayments: 2,
    });
    expect(await moneyOf('BYHAND')).toMatchObject({
      paymentReferences: ['manual: Bank transfer, ref 9'],
      railPayments: 0,
    });
    expect(await moneyOf('DUPLICATE', 4_129_900)).toMatchObject({ paymentReferences: ['pay_9'] });
    expect(await moneyOf('WAITING')).toMatchObject({ paymentReferences: [], refundedMinor: 0 });

    const rows = (await database.db.select().from(schema.orderPayments)).map((row) => ({
      order: row.orderId,
      provider: row.provider,
      id: row.providerPaymentId,
      amount: row.amountMinor,
      currency: row.currency,
      state: row.state,
      note: row.note,
      receivedAt: row.receivedAt.toISOString(),
    }));
    const paidAt = '2026-11-02T10:00:00.000Z';
    expect(rows.sort((a, b) => `${a.order}${a.id}`.localeCompare(`${b.order}${b.id}`))).toEqual([
      {
        order: 'BYHAND',
        provider: 'manual',
        id: null,
        amount: 49_900,
        currency: 'USD',
        state: 'confirmed',
        note: 'Bank transfer, ref 9',
        receivedAt: paidAt,
      },
      {
        order: 'DUPLICATE',
        provider: 'zoho',
        id: 'pay_9',
        amount: null,
        currency: 'INR',
        state: 'confirmed',
        note: null,
        receivedAt: expect.any(String),
      },
      {
        order: 'PAIDTWICE',
        provider: 'zoho',
        id: 'pay_1',
        amount: null,
        currency: 'INR',
        state: 'refunded',
        note: null,
        receivedAt: paidAt,
      },
      {
        order: 'PAIDTWICE',
        provider: 'zoho',
        id: 'pay_2',
        amount: null,
        currency: 'INR',
        state: 'refunded',
        note: null,
        receivedAt: paidAt,
      },
      {
        order: 'PARTREFUNDED',
        provider: 'paypal',
        id: 'TX-1',
        amount: 49_900,
        currency: 'USD',
        state: 'confirmed',
        note: null,
        receivedAt: paidAt,
      },
    ]);
  });

  it('moves every back-office refund out of the audit log, which keeps its entries', async () => {
    expect(await moneyOf('PARTREFUNDED')).toMatchObject({
      refundedMinor: 15_000,
      refundableMinor: 34_900,
    });
    const refunds = await database.db.select().from(schema.orderRefunds);
    expect(
      refunds.map((refund) => ({ ...refund, createdAt: refund.createdAt.toISOString() })),
    ).toEqual([
      expect.objectContaining({
        orderId: 'PARTREFUNDED',
        state: 'succeeded',
        source: 'seller',
        amountMinor: 10_000,
        currency: 'USD',
        providerRefundId: 'RF-k1',
        requestedBy: 'seller@example.com',
        reason: 'buyer-asked',
        note: 'Asked by mail',
        createdAt: '2026-11-03T09:00:00.000Z',
      }),
      expect.objectContaining({
        orderId: 'PARTREFUNDED',
        state: 'pending',
        amountMinor: 5_000,
        providerRefundId: 'RF-k2',
        note: null,
        createdAt: '2026-11-04T09:00:00.000Z',
      }),
    ]);
    const audit = await database.db.select().from(schema.auditLog);
    expect(audit.map((entry) => entry.action)).toEqual([
      'order.refund',
      'order.refund',
      'order.resend',
    ]);
  });

  it('drops the JSON list', async () => {
    const result = (await database.db.execute(sql`
      select count(*)::int as n from information_schema.columns
      where table_name = 'orders' and column_name = 'payment_references'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(result.rows[0]!.n)).toBe(0);
  });
});
