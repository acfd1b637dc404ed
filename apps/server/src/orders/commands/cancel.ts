/**
 * The seller cancels an open order: its invoice or link is withdrawn at the
 * provider, under the order's provider lease, then the order is closed and
 * its seat freed. Marking an order paid withdraws its invoice or link the
 * same way (withdrawOrSettle).
 */
import { releaseHolds } from '../../inventory/holds';
import { isRailFailure, PaidAtProviderError } from '../rail-port';
import {
  findOrder,
  OPEN_STATUSES,
  toSnapshot,
  transition,
  updateOrder,
  type OrderRow,
} from '../repository';
import { conflict, providerFailure, type OrderAction, type OrderCommand } from './command';

/** A payment overtook the withdrawal: the order stands, and only a refund undoes it. */
const PAID_WHILE_CANCELLING =
  'The buyer paid before the invoice or link could be withdrawn: the order is paid and keeps its seat. Refund it if it should not stand.';

/**
 * Withdraws the invoice or link at the provider, then closes the order and
 * frees its seat. The order is read again under its lock afterwards: the
 * provider's webhook of this very withdrawal (or the hold running out) may
 * have closed it first, which is what the seller asked for; a payment that
 * overtook the withdrawal keeps the order paid, and the seller is told to
 * refund instead.
 */
export const cancel: OrderAction = (command, orderId, actor, request) =>
  command.withProvider(orderId, 'order.cancel', actor, request, async (order) => {
    await command.check('cancel', order);
    await withdrawOrSettle(command, order, 'cancel it', PAID_WHILE_CANCELLING);
    const message =
      actor.role === 'buyer'
        ? `Your order is cancelled and its ${order.rail === 'paypal_invoice' ? 'invoice' : 'payment link'} withdrawn. Nothing was charged.`
        : 'The order is cancelled, its invoice or link withdrawn and its seat free.';
    await command.locked(order.id, async (tx, current) => {
      if (current.status === 'paid' || current.status === 'refunded') {
        throw conflict(PAID_WHILE_CANCELLING);
      }
      let closed = current;
      if (OPEN_STATUSES.includes(current.status)) {
        const transitioned = await transition(
          tx,
          current,
          'cancelled',
          `cancelled by the ${actor.role}`,
          {
            nextCheckAt: null,
          },
        );
        if (!transitioned) throw conflict('The order changed meanwhile; look again.');
        await releaseHolds(tx, transitioned);
        closed = transitioned;
      }
      // Closed already (by the provider's word): its seat was freed when it closed.
      await command.audit(tx, actor, 'order.cancel', order, closed, request, { message });
    });
    return { message };
  });

/**
 * Withdraws an order's invoice or link before the seller closes or
 * settles it by hand. Paid at the provider meanwhile: the order is settled
 * by that payment (by the reconciler, if the provider does not answer the
 * question) and the seller is told `paidMessage`.
 */
export async function withdrawOrSettle(
  command: OrderCommand,
  order: OrderRow,
  what: string,
  paidMessage: string,
): Promise<void> {
  if (!order.providerReference) return;
  try {
    await command.railFor(order).cancel(toSnapshot(order));
  } catch (error) {
    if (error instanceof PaidAtProviderError) {
      await settleNowOrSoon(command, order.id);
      throw conflict(paidMessage);
    }
    providerFailure(error, what);
  }
  if (!OPEN_STATUSES.includes(order.status)) {
    await updateOrder(command.db, order.id, { providerCancelPending: false });
  }
}

async function settleNowOrSoon(command: OrderCommand, orderId: string): Promise<void> {
  const current = (await findOrder(command.db, orderId))!;
  try {
    await command.parts.settlement.sync(current, 'paid at the provider');
  } catch (error) {
    if (!isRailFailure(error)) throw error;
    await updateOrder(command.db, orderId, { nextCheckAt: new Date() });
    command.log.warn({ order: orderId }, 'paid at the provider; the reconciler settles it');
  }
}
