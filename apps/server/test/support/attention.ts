/** Orders as tests read them, with what each asks of the seller (orders/attention.ts). */
import type { Db } from '../../src/db/client';
import { replaceNotes, withAttention } from '../../src/orders/attention';
import { paymentReferencesOf } from '../../src/orders/money';
import { and, eq, isNull } from 'drizzle-orm';
import { jobs } from '../../src/db/schema';
import { findOrder, ORDER_CHECK_JOB } from '../../src/orders/repository';

export async function findOrderWithAttention(db: Db, orderId: string) {
  const order = await findOrder(db, orderId);
  return order && withItsAttention(db, order);
}

/**
 * An order a service answered, as the seller reads it: what it asks now, the payments that
 * reached it; and when it is next checked, after how many checks (its `order.check` job).
 */
export async function withItsAttention<T extends { id: string }>(db: Db, order: T) {
  const [read] = await withAttention(db, [order]);
  const references = await paymentReferencesOf(db, [order.id]);
  const [check] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, ORDER_CHECK_JOB), eq(jobs.key, order.id), isNull(jobs.doneAt)));
  return {
    ...read!,
    paymentReferences: references.get(order.id) ?? [],
    nextCheckAt: check?.runAt ?? null,
    checkAttempts: check?.attempts ?? 0,
  };
}

/** Makes `text` all the order asks of the seller, as a note of unknown kind. */
export async function flagOrder(db: Db, orderId: string, text: string): Promise<void> {
  await replaceNotes(db, orderId, { kind: 'note', details: { text } });
}
