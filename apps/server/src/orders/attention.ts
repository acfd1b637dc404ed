/**
 * What an order asks of the seller, as rows: a note opens an item, and the
 * site (`system`) or a seller resolves it, which is recorded, never erased.
 * The text the seller reads is the order's open items in the order they
 * opened, so a new note never hides what was already asked.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attentionItems, orders } from '../db/schema';
import { noteText, type Note, type NoteKind } from './notes';

type ItemRow = typeof attentionItems.$inferSelect;

/** Kinds of which only the latest stands: a part payment's amounts change as money comes. */
const REPLACED: NoteKind[] = ['part-payment', 'mismatch'];

export const SYSTEM = 'system';

async function openItems(db: Db, orderIds: string[]): Promise<ItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(attentionItems)
    .where(and(inArray(attentionItems.orderId, orderIds), isNull(attentionItems.resolvedAt)))
    .orderBy(asc(attentionItems.openedAt), asc(attentionItems.id));
}

const textOf = (items: ItemRow[]) =>
  items.length === 0 ? null : items.map((item) => noteText(item.orderId!, item)).join(' ');

/** What each of the orders asks of the seller now, by order id (absent: nothing). */
export async function attentionOf(db: Db, orderIds: string[]): Promise<Map<string, string>> {
  const items = await openItems(db, orderIds);
  const texts = new Map<string, string>();
  for (const id of new Set(items.map((item) => item.orderId!))) {
    texts.set(id, textOf(items.filter((item) => item.orderId === id))!);
  }
  return texts;
}

/** The orders' rows with what each asks of the seller, as the back office and the CLI show them. */
export async function withAttention<T extends { id: string }>(
  db: Db,
  rows: T[],
): Promise<(T & { attention: string | null })[]> {
  const texts = await attentionOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, attention: texts.get(row.id) ?? null }));
}

/** What the order asks of the seller now, or null. */
export async function orderAttention(db: Db, orderId: string): Promise<string | null> {
  return textOf(await openItems(db, [orderId]));
}

/**
 * Opens an item for the note unless the order already asks it; answers
 * whether the seller is asked something new. Call it under the order's
 * lock where the order changes with it.
 */
export async function openNote(db: Db, orderId: string, note: Note): Promise<boolean> {
  const open = await openItems(db, [orderId]);
  if (textOf(open)?.includes(noteText(orderId, note))) return false;
  const same = open.find((item) => item.kind === note.kind);
  if (same && !REPLACED.includes(note.kind)) {
    const details = same.details as { more?: object[] };
    await db
      .update(attentionItems)
      .set({ details: { ...details, more: [...(details.more ?? []), note.details] } })
      .where(eq(attentionItems.id, same.id));
    return true;
  }
  if (same) await resolve(db, [same.id], SYSTEM, 'replaced by a newer note');
  const added = await db
    .insert(attentionItems)
    .values({ orderId, kind: note.kind, details: note.details as Record<string, unknown> })
    .onConflictDoNothing()
    .returning({ id: attentionItems.id });
  return added.length > 0;
}

/** Makes the note all the order asks: what it asked before is settled by it. */
export async function replaceNotes(db: Db, orderId: string, note: Note): Promise<boolean> {
  if ((await orderAttention(db, orderId)) === noteText(orderId, note)) return false;
  await resolveNotes(db, orderId, SYSTEM, 'replaced by a newer note');
  return openNote(db, orderId, note);
}

/**
 * Resolves the order's open items (of the given kinds, or all) with who
 * resolved them and why; answers how many were open.
 */
export async function resolveNotes(
  db: Db,
  orderId: string,
  by: string,
  resolution: string,
  kinds?: NoteKind[],
): Promise<number> {
  const open = (await openItems(db, [orderId])).filter(
    (item) => !kinds || kinds.includes(item.kind as NoteKind),
  );
  await resolve(
    db,
    open.map((item) => item.id),
    by,
    resolution,
  );
  return open.length;
}

async function resolve(db: Db, ids: number[], by: string, resolution: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(attentionItems)
    .set({ resolvedAt: new Date(), resolvedBy: by, resolution })
    .where(and(inArray(attentionItems.id, ids), isNull(attentionItems.resolvedAt)));
}

/**
 * The orders that ask something of the seller, latest first: each with its
 * buyer, state, text and when its latest item opened.
 */
export async function flaggedOrders(db: Db, limit = 500) {
  const rows = await db
    .select({ item: attentionItems, email: orders.email, status: orders.status })
    .from(attentionItems)
    .innerJoin(orders, eq(orders.id, attentionItems.orderId))
    .where(isNull(attentionItems.resolvedAt))
    .orderBy(asc(attentionItems.openedAt), asc(attentionItems.id));
  const byOrder = new Map<string, typeof rows>();
  for (const row of rows) {
    byOrder.set(row.item.orderId!, [...(byOrder.get(row.item.orderId!) ?? []), row]);
  }
  return [...byOrder]
    .map(([orderId, open]) => ({
      orderId,
      email: open[0]!.email,
      status: open[0]!.status,
      note: textOf(open.map((row) => row.item))!,
      since: open.at(-1)!.item.openedAt,
    }))
    .sort((a, b) => b.since.getTime() - a.since.getTime())
    .slice(0, limit);
}
