/**
 * The migrations carry a database made by an earlier build across with
 * nothing lost, on PGlite and PostgreSQL: loaded at that build's last
 * migration, migrated to the newest, every table both sides have keeps its
 * rows and every order its id, state, amounts, buyer and time of payment.
 * Tests of a migration that moves data add what it must carry.
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

/** Rows in each table of the public schema. */
async function rowCounts(db: Database): Promise<Map<string, number>> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts = new Map<string, number>();
  for (const { name } of tables) {
    const [row] = await rows<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${sql.identifier(name)}`,
    );
    counts.set(name, Number(row!.count));
  }
  return counts;
}

const ordersAsBuyersSee = (db: Database) =>
  rows<Record<string, unknown>>(
    db,
    sql`select id, status, currency, subtotal_minor, discount_minor, total_minor, email, paid_at
        from orders order by id`,
  );

describe.each(databaseKinds)('the migrations on a database made before issue 26, on %s', (kind) => {
  let database: TestDatabase;
  let countsBefore: Map<string, number>;
  let ordersBefore: Record<string, unknown>[];
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await databaseBefore(kind);
    countsBefore = await rowCounts(db());
    ordersBefore = await ordersAsBuyersSee(db());
    await migrateToNewest(database);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('starts from what the earlier build wrote', () => {
    expect(countsBefore.get('orders')).toBeGreaterThan(20);
    expect(countsBefore.get('seller_audit')).toBeGreaterThan(10);
    expect(ordersBefore.map((order) => order.status)).toEqual(
      expect.arrayContaining(['paid', 'refunded', 'awaiting_payment', 'expired', 'cancelled']),
    );
  });

  it('keeps the rows of every table both sides have', async () => {
    const countsAfter = await rowCounts(db());
    const kept = [...countsBefore.keys()].filter((table) => countsAfter.has(table));
    expect(kept.length).toBeGreaterThan(0);
    for (const table of kept) {
      expect({ table, rows: countsAfter.get(table) }).toEqual({
        table,
        rows: countsBefore.get(table),
      });
    }
  });

  it('keeps every order’s id, state, amounts, buyer and time of payment', async () => {
    expect(await ordersAsBuyersSee(db())).toEqual(ordersBefore);
  });

  it('keeps the sellers’ audit entries as people’s, and past orders under no buyer policy', async () => {
    const countsAfter = await rowCounts(db());
    expect(countsAfter.get('audit_log')).toBe(countsBefore.get('seller_audit'));
    const roles = await rows<{ role: string; count: number }>(
      db(),
      sql`select actor_role as role, count(*)::int as count from audit_log group by actor_role`,
    );
    expect(roles.map((row) => row.role)).toEqual(['seller']);
    const [withPolicy] = await rows<{ count: number }>(
      db(),
      sql`select count(*)::int as count from orders where buyer_policy is not null`,
    );
    expect(Number(withPolicy!.count)).toBe(0);
    // New entries still get ids after the old ones (the renamed sequence).
    const [entry] = await rows<{ id: number }>(
      db(),
      sql`insert into audit_log (actor_email, action, target_type, target_id)
          values ('seller@example.com', 'order.cancel', 'order', 'X') returning id`,
    );
    expect(Number(entry!.id)).toBeGreaterThan(Number(countsBefore.get('seller_audit')));
  });
  it('gives every earlier order one seat, held by its buyer, priced as it was', async () => {
    const seats = await rows<{ orders: number; seats: number; mismatched: number }>(
      db(),
      sql`select (select count(*)::int from orders) as orders,
            (select count(*)::int from order_seats) as seats,
            (select count(*)::int from orders o join order_seats s on s.order_id = o.id
              where s.number <> 1 or s.state <> 'active' or s.attendee_email <> o.email
                 or s.attendee_first_name <> o.billing->>'firstName' or s.holder <> 1
                 or o.seat_count <> 1 or o.group_order or o.unit_price_minor <> o.subtotal_minor
            ) as mismatched`,
    );
    expect(seats[0]).toEqual({
      orders: ordersBefore.length,
      seats: ordersBefore.length,
      mismatched: 0,
    });
  });
});
