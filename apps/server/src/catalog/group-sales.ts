/**
 * The seller's settings for company purchases: the most seats one order may
 * have, volume discounts and until when a buyer may change who holds a
 * seat. One row, read by every placement (inside its transaction, so a
 * price is never computed from a stale copy) and by the checkout page, set
 * from the back office and audited like a price.
 */
import { DEFAULT_GROUP_SALES, groupSalesSchema, type GroupSales } from '@wifi7/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { groupSales } from '../db/schema';
import { upsert } from '../db/upsert';
import { type Actor, recordSellerAction } from '../core/audit';

const SETTINGS_ROW = 1;

/** The settings a checkout now is priced by: DEFAULT_GROUP_SALES until a seller sets them. */
export async function currentGroupSales(db: Db): Promise<GroupSales> {
  const [row] = await db
    .select({ settings: groupSales.settings })
    .from(groupSales)
    .where(eq(groupSales.id, SETTINGS_ROW));
  // Checked again on the way out: a row written by hand must not price an order.
  return row ? groupSalesSchema.parse(row.settings) : DEFAULT_GROUP_SALES;
}

/** Sets the settings for checkouts from now on, audited in the same transaction. */
export async function setGroupSales(
  db: Database,
  actor: Actor,
  settings: GroupSales,
): Promise<GroupSales> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('group-sales', 0))`);
    const before = await currentGroupSales(tx);
    await upsert(tx, groupSales, ['id'], { id: SETTINGS_ROW, settings, updatedBy: actor });
    await recordSellerAction(tx, {
      sellerEmail: actor,
      action: 'group-sales.update',
      targetType: 'group-sales',
      targetId: 'group-sales',
      before,
      after: settings,
    });
    return settings;
  });
}
