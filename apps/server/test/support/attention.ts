/** Orders as tests read them, with what each asks of the seller (orders/attention.ts). */
import type { Db } from '../../src/db/client';
import { replaceNotes, withAttention } from '../../src/modules/orders/attention';
import { findOrder } from '../../src/modules/orders/repository';

export async function findOrderWithAttention(db: Db, orderId: string) {
  const order = await findOrder(db, orderId);
  return order && withItsAttention(db, order);
}

/** An order a service answered, with what it asks of the seller now. */
export async function withItsAttention<T extends { id: string }>(db: Db, order: T) {
  return (await withAttention(db, [order]))[0]!;
}

/** Makes `text` all the order asks of the seller, as a note of unknown kind. */
export async function flagOrder(db: Db, orderId: string, text: string): Promise<void> {
  await replaceNotes(db, orderId, { kind: 'note', details: { text } });
}
