/**
 * The seller's discount codes: listed with their uses, created, edited,
 * disabled and enabled again, from the back office and the command line
 * alike. A code is a row the pricing call and the checkout read on every
 * request, so a change works at once on every instance.
 */
import type {
  DiscountAvailability,
  SellerDiscountCode,
  SellerDiscountCodeList,
  sellerDiscountCodeCreateRequestSchema,
  sellerDiscountCodeUpdateRequestSchema,
} from '@wifi7/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db } from '../db/client';
import { discountCodes, workshops } from '../db/schema';
import { type Actor, recordSellerAction } from '../core/audit';
import { conflict, notFound, refuseUnknownWorkshop } from './change-errors';
import { decideDiscount, type DiscountCodeRow } from './discounts';

type CodeRow = typeof discountCodes.$inferSelect;

/** Judged as a buyer's code would be now, on the product it is for. */
function availabilityOf(row: DiscountCodeRow, now: Date): DiscountAvailability {
  const decision = decideDiscount(row, row.workshopSku ? [row.workshopSku] : [], now);
  if (decision.applies) return 'usable';
  return decision.reason === 'unknown' || decision.reason === 'wrong-product'
    ? 'usable'
    : decision.reason;
}

/** What the audit log keeps of a code. */
function auditView(row: CodeRow) {
  return {
    percent: row.percent,
    workshopSku: row.workshopSku,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    maxUses: row.maxUses,
    active: row.active,
  };
}

function toSellerCode(row: CodeRow, now: Date): SellerDiscountCode {
  return {
    code: row.code,
    ...auditView(row),
    uses: row.uses,
    availability: availabilityOf(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const sameCode = (code: string) => sql`upper(${discountCodes.code}) = upper(${code})`;

export async function listDiscountCodesForSeller(
  db: Db,
  now = new Date(),
): Promise<SellerDiscountCodeList> {
  const [rows, workshopRows] = await Promise.all([
    db.select().from(discountCodes).orderBy(asc(discountCodes.code)),
    db
      .select({ sku: workshops.sku, name: workshops.name, active: workshops.active })
      .from(workshops)
      .orderBy(asc(workshops.position), asc(workshops.sku)),
  ]);
  return { codes: rows.map((row) => toSellerCode(row, now)), workshops: workshopRows };
}

function timesOf(input: { validFrom: string | null; validUntil: string | null }) {
  return {
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validUntil: input.validUntil ? new Date(input.validUntil) : null,
  };
}

/** Creates a code; codes are unique whatever their case. */
export async function createDiscountCode(
  db: Database,
  actor: Actor,
  input: z.output<typeof sellerDiscountCodeCreateRequestSchema>,
): Promise<SellerDiscountCode> {
  const code = input.code.toUpperCase();
  const created = await db.transaction(async (tx) => {
    await refuseUnknownWorkshop(tx, input.workshopSku);
    const [row] = await tx
      .insert(discountCodes)
      .values({
        code,
        percent: input.percent,
        workshopSku: input.workshopSku,
        ...timesOf(input),
        maxUses: input.maxUses,
      })
      // Any unique index: the code itself, or the same code in another case.
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(`The code ${code} already exists.`);
    await recordSellerAction(tx, {
      sellerEmail: actor,
      action: 'discount.create',
      targetType: 'discount-code',
      targetId: row.code,
      after: auditView(row),
      note: input.note ?? null,
    });
    return row;
  });
  return toSellerCode(created, new Date());
}

async function lockCode(tx: Db, code: string): Promise<CodeRow> {
  const [row] = await tx.select().from(discountCodes).where(sameCode(code)).for('update');
  if (!row) throw notFound(`There is no discount code ${code.toUpperCase()}.`);
  return row;
}

/** Changes a code's terms; its limit never goes below the uses it has. */
export async function updateDiscountCode(
  db: Database,
  actor: Actor,
  code: string,
  changes: z.output<typeof sellerDiscountCodeUpdateRequestSchema>,
): Promise<SellerDiscountCode> {
  const updated = await db.transaction(async (tx) => {
    const before = await lockCode(tx, code);
    if (changes.maxUses !== null && changes.maxUses < before.uses) {
      throw conflict(
        `${before.code} has been used ${before.uses} time${before.uses === 1 ? '' : 's'}, so its limit cannot go below ${before.uses}.`,
      );
    }
    await refuseUnknownWorkshop(tx, changes.workshopSku);
    const [after] = await tx
      .update(discountCodes)
      .set({
        percent: changes.percent,
        workshopSku: changes.workshopSku,
        ...timesOf(changes),
        maxUses: changes.maxUses,
        updatedAt: sql`now()`,
      })
      .where(eq(discountCodes.code, before.code))
      .returning();
    await recordSellerAction(tx, {
      sellerEmail: actor,
      action: 'discount.update',
      targetType: 'discount-code',
      targetId: before.code,
      before: auditView(before),
      after: auditView(after!),
      note: changes.note ?? null,
    });
    return after!;
  });
  return toSellerCode(updated, new Date());
}

/** Disables a code (orders that used it keep their price), or enables it again. */
export async function setDiscountCodeActive(
  db: Database,
  actor: Actor,
  code: string,
  active: boolean,
  note?: string,
): Promise<SellerDiscountCode> {
  const result = await db.transaction(async (tx) => {
    const before = await lockCode(tx, code);
    if (before.active === active) return before;
    const [after] = await tx
      .update(discountCodes)
      .set({ active, updatedAt: sql`now()` })
      .where(eq(discountCodes.code, before.code))
      .returning();
    await recordSellerAction(tx, {
      sellerEmail: actor,
      action: active ? 'discount.enable' : 'discount.disable',
      targetType: 'discount-code',
      targetId: before.code,
      before: { active: before.active },
      after: { active },
      note: note ?? null,
    });
    return after!;
  });
  return toSellerCode(result, new Date());
}
