/**
 * What a buyer leaves with us on the way to paying: their Zoho Books contact
 * (India) and the discount code they take to the India payment step.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appliedDiscounts, zohoContacts } from '../../db/schema';
import { upsert } from '../../db/upsert';

export type ZohoContactRow = typeof zohoContacts.$inferSelect;

export async function findZohoContact(db: Db, email: string): Promise<ZohoContactRow | undefined> {
  const [row] = await db.select().from(zohoContacts).where(eq(zohoContacts.email, email));
  return row;
}

export async function saveZohoContact(
  db: Db,
  row: Omit<ZohoContactRow, 'updatedAt'>,
): Promise<void> {
  await upsert(db, zohoContacts, ['email'], row);
}

/** Remembers the code a signed-in buyer takes to the India checkout. */
export async function rememberAppliedDiscount(
  db: Db,
  email: string,
  sku: string,
  code: string,
): Promise<void> {
  await db
    .insert(appliedDiscounts)
    .values({ email, workshopSku: sku, code })
    .onConflictDoUpdate({
      target: [appliedDiscounts.email, appliedDiscounts.workshopSku],
      set: { code, appliedAt: sql`now()` },
    });
}

export async function findAppliedDiscount(
  db: Db,
  email: string,
  sku: string,
): Promise<string | null> {
  const [row] = await db
    .select({ code: appliedDiscounts.code })
    .from(appliedDiscounts)
    .where(and(eq(appliedDiscounts.email, email), eq(appliedDiscounts.workshopSku, sku)));
  return row?.code ?? null;
}

export async function forgetAppliedDiscount(db: Db, email: string, sku: string): Promise<void> {
  await db
    .delete(appliedDiscounts)
    .where(and(eq(appliedDiscounts.email, email), eq(appliedDiscounts.workshopSku, sku)));
}
