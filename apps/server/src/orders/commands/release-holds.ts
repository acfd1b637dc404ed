/**
 * "Release these holds": the seller's one action on a cluster of unpaid
 * holds (hold-clusters.ts). Each order is cancelled through the same
 * audited action as the order page's Cancel, so its invoice or link is
 * withdrawn at its rail and its seat freed (to the waitlist first).
 */
import type { ReleaseHoldsRequest } from '@wifi7/contract';
import { HttpError } from '../../lib/http-error';
import { ordersInCluster } from '../hold-clusters';
import { cancel } from './cancel';
import type { OrderCommand, OrderActor } from './command';

const RELEASE_NOTE = 'Released with a cluster of unpaid holds.';

export async function releaseHolds(
  command: OrderCommand,
  actor: OrderActor,
  request: ReleaseHoldsRequest,
): Promise<{ message: string }> {
  const ids = await ordersInCluster(command.db, request);
  if (ids.length === 0) return { message: 'No unpaid order holds a seat in this group any more.' };
  let released = 0;
  const refused: string[] = [];
  for (const id of ids) {
    try {
      // One key per order, made from the confirmation's: a repeated click cancels nothing twice.
      await cancel(command, id, actor, {
        idempotencyKey: `${request.idempotencyKey.slice(0, 80)}-${id}`,
        note: request.note ?? RELEASE_NOTE,
      });
      released += 1;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      refused.push(`${id}: ${error.message}`);
    }
  }
  const done = `Released ${released} hold${released === 1 ? '' : 's'}: the orders are cancelled, their invoices or links withdrawn and the seats free.`;
  return { message: refused.length ? `${done} Not released: ${refused.join(' ')}` : done };
}
