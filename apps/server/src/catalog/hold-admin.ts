/**
 * How long an unpaid order keeps its seat and code use: a seller's setting
 * per workshop (72 hours in a fresh database), read by every placement and
 * changed from the back office, audited like a price.
 */
import type { SellerWorkshopPrices } from '@wifi7/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { workshops } from '../db/schema';
import { type Actor, recordSellerAction } from '../core/audit';
import { notFound } from './change-errors';
import { listPricesForSeller } from './price-admin';

/** The workshop's hold in hours; a workshop that is gone has no orders to hold. */
export async function holdHoursOf(db: Db, sku: string): Promise<number> {
  const [row] = await db
    .select({ holdHours: workshops.holdHours })
    .from(workshops)
    .where(eq(workshops.sku, sku));
  if (!row) throw new Error(`No workshop ${sku}`);
  return row.holdHours;
}

/** Sets the workshop's hold for orders placed from now on; open orders keep theirs. */
export async function setHoldHours(
  db: Database,
  actor: Actor,
  sku: string,
  change: { holdHours: number; note?: string | undefined },
): Promise<SellerWorkshopPrices> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ holdHours: workshops.holdHours })
      .from(workshops)
      .where(eq(workshops.sku, sku))
      .for('update');
    if (!before) throw notFound(`There is no workshop ${sku}.`);
    await tx
      .update(workshops)
      .set({ holdHours: change.holdHours, updatedAt: sql`now()` })
      .where(eq(workshops.sku, sku));
    await recordSellerAction(tx, {
      sellerEmail: actor,
      action: 'workshop.hold',
      targetType: 'workshop',
      targetId: sku,
      before,
      after: { holdHours: change.holdHours },
      note: change.note ?? null,
    });
  });
  const { workshops: list } = await listPricesForSeller(db);
  return list.find((workshop) => workshop.sku === sku)!;
}
