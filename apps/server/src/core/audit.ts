/**
 * The audit log: what people did (every seller action, and every buyer's
 * action on their own order), who did it, when, and the record before and
 * after. Written in the same transaction as the action, so the
 * log never misses one that happened or shows one that did not.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import { contentChangeSummary } from './content-changes';

/** Who made a change, as the audit log names them: a seller's e-mail, or the command line. */
export type Actor = string;

export interface SellerAction {
  sellerEmail: string;
  /** What was done, as `<target>.<verb>`: order.refund, batch.update, discount.create, policy.update. */
  action: string;
  targetType:
    | 'order'
    | 'batch'
    | 'discount-code'
    | 'workshop'
    | 'content'
    | 'image'
    | 'handoff'
    | 'waitlist-place'
    | 'buyer-policy'
    | 'group-sales';
  targetId: string;
  before?: unknown;
  after?: unknown;
  note?: string | null;
}

/** Answers the entry's id. */
export function recordSellerAction(
  db: Db,
  { sellerEmail, ...entry }: SellerAction,
): Promise<number> {
  return record(db, { ...entry, actorEmail: sellerEmail, actorRole: 'seller' });
}

/** A buyer's action on their own order (My orders); answers the entry's id. */
export function recordBuyerAction(
  db: Db,
  {
    buyerEmail,
    ...entry
  }: Omit<SellerAction, 'sellerEmail' | 'targetType'> & { buyerEmail: string },
): Promise<number> {
  return record(db, { ...entry, targetType: 'order', actorEmail: buyerEmail, actorRole: 'buyer' });
}

async function record(
  db: Db,
  entry: Omit<SellerAction, 'sellerEmail'> & { actorEmail: string; actorRole: 'seller' | 'buyer' },
): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({
      ...entry,
      before: entry.before ?? null,
      after: entry.after ?? null,
      note: entry.note ?? null,
    })
    .returning({ id: auditLog.id });
  return row!.id;
}

export async function listSellerActions(
  db: Db,
  query: { page: number; pageSize: number; targetType?: string; targetId?: string },
) {
  const filters: SQL[] = [];
  if (query.targetType) filters.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) filters.push(eq(auditLog.targetId, query.targetId));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      sellerEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      ...changesShown(row),
      note: row.note,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}

/** Kept in the log for the server's own use (answering a repeated request), not for reading. */
const INTERNAL_FIELDS = ['refusedWith'];

/**
 * The record before and after, as the log page shows it. A page-content
 * save is shown as a summary of what changed: the sections themselves stay
 * in the log, but two copies of a long one would bury the page.
 */
function changesShown(row: typeof auditLog.$inferSelect): { before: unknown; after: unknown } {
  if (row.action === 'content.update') {
    return {
      before: null,
      after: { message: contentChangeSummary(row.targetId, row.before, row.after) },
    };
  }
  return { before: row.before ?? null, after: withoutInternalFields(row.after) };
}

function withoutInternalFields(after: unknown): unknown {
  if (after === null || typeof after !== 'object' || Array.isArray(after)) return after ?? null;
  return Object.fromEntries(
    Object.entries(after).filter(([field]) => !INTERNAL_FIELDS.includes(field)),
  );
}
