/**
 * The migration that moves each order's attention text into attention
 * items and the seller's request keys out of the audit log's JSON, on a
 * database made by the code before it (test/fixtures), with the notes
 * today's code writes added to its orders: every order asks the seller,
 * word for word, what it asked before, and every key answers its repeat
 * as the audit log did.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { orderAttention } from '../src/orders/attention';
import {
  extraObjectNote,
  lostCreateNote,
  partPaymentNote,
  refundedUnheardNote,
  SEATLESS_NOTE,
  unknownRefundNote,
} from '../src/orders/notes';
import { storedAnswer } from '../src/core/request-keys';
import { databaseBefore, migrateToNewest } from './support/database-before';
import { databaseKinds, type TestDatabase } from './support/databases';

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer raw queries with `rows`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The notes today's code writes, one to an order, and two run together as `withNote` joins them. */
function notesFor(ids: string[]): { text: string; kind: string }[] {
  const paidTwice =
    `Paid twice for the same workshop: refund this payment (PAY-2); ` +
    `order ${ids[0]} was paid by PAY-1.`;
  return [
    { text: lostCreateNote(ids[0]!), kind: 'lost-create' },
    { text: extraObjectNote('INV2-X', true), kind: 'extra-object' },
    { text: extraObjectNote('INV2-Y', false), kind: 'extra-object' },
    { text: unknownRefundNote('99.00 USD'), kind: 'unknown-refund' },
    { text: SEATLESS_NOTE, kind: 'seatless' },
    {
      text: partPaymentNote({ received: '1,000.00 INR', due: '40,299.00 INR' }),
      kind: 'part-payment',
    },
    {
      text: partPaymentNote({ providerSays: 'PayPal holds a payment PENDING' }),
      kind: 'part-payment',
    },
    { text: refundedUnheardNote(true), kind: 'refunded-unheard' },
    { text: paidTwice, kind: 'paid-twice' },
    {
      text: 'Paid again on this order (PAY-3, on LINK-2); it was paid by PAY-1: refund one.',
      kind: 'paid-again',
    },
    { text: 'PayPal reports 100.00 USD paid; the order is 499.00 USD.', kind: 'mismatch' },
    { text: 'Partly refunded at the provider: check access.', kind: 'partly-refunded' },
    { text: `${SEATLESS_NOTE} ${paidTwice}`, kind: 'note' },
    { text: 'Typed by hand: call the buyer.', kind: 'note' },
  ];
}

describe.each(databaseKinds)('attention items and request keys moved across, on %s', (kind) => {
  let database: TestDatabase;
  let attentionBefore: { id: string; attention: string }[];
  let keysBefore: {
    id: number;
    action: string;
    target_id: string;
    key: string;
    after: Record<string, unknown>;
  }[];
  const expectedKinds = new Map<string, string>();
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await databaseBefore(kind);
    const ids = (
      await rows<{ id: string }>(
        db(),
        sql`select id from orders where attention is null order by id`,
      )
    ).map((row) => row.id);
    const notes = notesFor(ids);
    expect(ids.length).toBeGreaterThanOrEqual(notes.length);
    for (const [index, note] of notes.entries()) {
      await db().execute(sql`update orders set attention = ${note.text} where id = ${ids[index]}`);
      expectedKinds.set(ids[index]!, note.kind);
    }
    // A move the provider overtook: today's code rewrote its entry as refused (recordOutcome).
    await db()
      .execute(sql`insert into seller_audit (seller_email, action, target_type, target_id, after)
      values ('seller@example.com', 'order.move-batch', 'order', ${ids[0]},
        ${JSON.stringify({ status: 'paid', message: 'The buyer paid the old invoice meanwhile.', refusedWith: 409, requestKey: 'move-refused-1' })}::jsonb)`);
    attentionBefore = await rows(
      db(),
      sql`select id, attention from orders where attention is not null order by id`,
    );
    keysBefore = await rows(
      db(),
      sql`select id, action, target_id, after ->> 'requestKey' as key, after from seller_audit
          where after ? 'requestKey' order by id`,
    );
    await migrateToNewest(database);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('starts from orders that ask the seller something and actions with keys', () => {
    expect(attentionBefore.length).toBeGreaterThan(notesFor(['X']).length);
    expect(keysBefore.length).toBeGreaterThan(10);
    expect(keysBefore.map((row) => row.action)).toEqual(
      expect.arrayContaining(['order.refund', 'order.dismiss-attention', 'waitlist.remove']),
    );
  });

  it('keeps what every order asks of the seller, word for word, as one open item of its kind', async () => {
    for (const { id, attention } of attentionBefore) {
      expect({ id, attention: await orderAttention(db(), id) }).toEqual({ id, attention });
    }
    const items = await rows<{ order_id: string; kind: string; resolved_at: unknown }>(
      db(),
      sql`select order_id, kind, resolved_at from attention_items order by order_id`,
    );
    expect(items).toHaveLength(attentionBefore.length);
    for (const item of items) {
      expect(item.resolved_at).toBeNull();
      const expected = expectedKinds.get(item.order_id);
      if (expected)
        expect({ order: item.order_id, kind: item.kind }).toEqual({
          order: item.order_id,
          kind: expected,
        });
    }
  });

  it('drops the attention text from the orders', async () => {
    const columns = await rows<{ name: string }>(
      db(),
      sql`select column_name as name from information_schema.columns
          where table_name = 'orders' and column_name = 'attention'`,
    );
    expect(columns).toEqual([]);
  });

  it('answers each key’s repeat as the audit log did, refusals included', async () => {
    const firstOfKey = new Map<string, (typeof keysBefore)[number]>();
    for (const row of keysBefore) if (!firstOfKey.has(row.key)) firstOfKey.set(row.key, row);
    const stored = await rows<{ count: number }>(
      db(),
      sql`select count(*)::int as count from idempotency_keys`,
    );
    expect(Number(stored[0]!.count)).toBe(firstOfKey.size);
    for (const row of firstOfKey.values()) {
      const answer = await storedAnswer(db(), {
        scope: row.action === 'waitlist.remove' ? 'waitlist-remove' : 'order-action',
        key: row.key,
        action: row.action,
        targetId: row.target_id,
      });
      const message = typeof row.after.message === 'string' ? row.after.message : 'Done already.';
      expect(answer).toEqual(
        typeof row.after.refusedWith === 'number'
          ? { message, refusedWith: row.after.refusedWith }
          : { message },
      );
    }
    expect(keysBefore.some((row) => row.action === 'waitlist.remove')).toBe(true);
  });
});
