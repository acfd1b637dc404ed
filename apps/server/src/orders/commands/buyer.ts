/**
 * A buyer's commands on their own order (My orders): the seller's commands
 * run with the buyer as the actor, after the buyer's rules (buyer-rules.ts)
 * say the order's policy allows them now. Another buyer's order is "No such
 * order", exactly as one that does not exist.
 */
import { and, count, eq, gte } from 'drizzle-orm';
import { findBatch } from '../../catalog/repository';
import { auditLog } from '../../db/schema';
import { buyerChoices } from '../buyer-rules';
import { listMoveTargets } from '../buyer-targets';
import { findOrder, OPEN_STATUSES, type OrderRow } from '../repository';
import { cancel } from './cancel';
import {
  conflict,
  SellerActionError,
  type ActionRequest,
  type ActionResult,
  type OrderActor,
  type OrderCommand,
} from './command';
import { moveBatch } from './move-batch';
import { nameSeat, type SeatNaming } from './name-seat';
import { refund } from './refund';
import { resendInvoice } from './resend-invoice';
import { orderFacts } from './rules';

/** How often a buyer may have one order's invoice or link sent again, per day. */
export const RESENDS_PER_DAY = 3;

const buyerOf = (email: string): OrderActor => ({ email, role: 'buyer' });

async function ownOrder(command: OrderCommand, orderId: string, email: string): Promise<OrderRow> {
  const order = await findOrder(command.db, orderId);
  if (!order || order.email !== email) throw new SellerActionError(404, 'No such order.');
  return order;
}

async function choicesNow(command: OrderCommand, order: OrderRow) {
  const batch = await findBatch(command.db, order.batchId);
  if (!batch) throw new SellerActionError(404, 'No such order.');
  return buyerChoices(order, await orderFacts(command.db, order), batch, new Date());
}

/** The invoice (PayPal) or the payment link (Zoho) again, from the provider, a few times a day. */
export async function buyerResend(
  command: OrderCommand,
  orderId: string,
  email: string,
  request: ActionRequest,
): Promise<ActionResult> {
  const order = await ownOrder(command, orderId, email);
  const replay = await command.replayed(order.id, 'order.resend', request);
  if (replay) return replay;
  if (order.status !== 'awaiting_payment' || !order.providerReference) {
    throw conflict('Only an order awaiting payment has an invoice or link to send again.');
  }
  const [sent] = await command.db
    .select({ value: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetId, order.id),
        eq(auditLog.action, 'order.resend'),
        eq(auditLog.actorRole, 'buyer'),
        gte(auditLog.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)),
      ),
    );
  if ((sent?.value ?? 0) >= RESENDS_PER_DAY) {
    throw new SellerActionError(
      429,
      `It was sent again ${RESENDS_PER_DAY} times today: look for it in your inbox (and spam folder), or try again tomorrow.`,
    );
  }
  const result = await resendInvoice(command, order.id, buyerOf(email), request);
  const what =
    order.rail === 'paypal_invoice'
      ? 'PayPal sent you the invoice'
      : 'Zoho sent you the payment link';
  return { message: `${what} again, to ${order.email}.`, orderId: result.orderId };
}

/**
 * Cancels the order: an unpaid one is withdrawn at its rail and its seat
 * freed; a paid one, inside the policy's window, is refunded what the
 * policy gives back and its seat freed. `refundMinor` is what the buyer
 * was shown: if the policy now gives another amount, nothing is done.
 */
export async function buyerCancel(
  command: OrderCommand,
  orderId: string,
  email: string,
  request: ActionRequest & { refundMinor: number },
): Promise<ActionResult> {
  const order = await ownOrder(command, orderId, email);
  const buyer = buyerOf(email);
  const key = { idempotencyKey: request.idempotencyKey };
  // A repeat finds its first answer whichever way the order has gone since.
  for (const action of ['order.cancel', 'order.refund']) {
    const replay = await command.replayed(order.id, action, key);
    if (replay) return replay;
  }
  if (OPEN_STATUSES.includes(order.status)) {
    if (request.refundMinor !== 0) throw changed();
    try {
      return await cancel(command, order.id, buyer, key);
    } catch (error) {
      const now = await command.find(order.id);
      if (now.status === 'paid') {
        throw conflict('Your payment reached us first: the order is paid and keeps your seat.');
      }
      throw error;
    }
  }
  const choices = await choicesNow(command, order);
  if (!choices.cancel) {
    throw conflict(choices.notOffered[0] ?? 'This order can no longer be cancelled.');
  }
  if (choices.cancel.refundMinor !== request.refundMinor) throw changed();
  return refund(command, order.id, buyer, {
    ...key,
    amountMinor: choices.cancel.refundMinor,
    reason: 'buyer-asked',
    note: 'Cancelled by the buyer',
    closes: true,
  });
}

const changed = () =>
  conflict('What cancelling gives back has changed since you looked: look at your order again.');

/** Moves a paid order's seat to another open batch of the workshop, inside the policy's window. */
export async function buyerMove(
  command: OrderCommand,
  orderId: string,
  email: string,
  request: ActionRequest & { batchId: string },
): Promise<ActionResult> {
  const order = await ownOrder(command, orderId, email);
  const replay = await command.replayed(order.id, 'order.move-batch', request);
  if (replay) return replay;
  if (order.status !== 'paid') throw conflict('Only a paid order can move to another batch.');
  const choices = await choicesNow(command, order);
  if (!choices.move) {
    throw conflict(choices.notOffered.at(-1) ?? 'This order can no longer move.');
  }
  const target = await findBatch(command.db, request.batchId);
  const targets = await listMoveTargets(command.db, order, new Date());
  if (!target || !targets.some((each) => each.batchId === target.id)) {
    throw new SellerActionError(422, 'Choose another open batch of the same workshop.');
  }
  return moveBatch(command, order.id, buyerOf(email), {
    idempotencyKey: request.idempotencyKey,
    batchId: target.id,
  });
}

/** Names, renames or opens one seat of the buyer's own company order. */
export async function buyerNameSeat(
  command: OrderCommand,
  orderId: string,
  seatId: string,
  email: string,
  request: SeatNaming,
): Promise<ActionResult> {
  const order = await ownOrder(command, orderId, email);
  return nameSeat(command, order.id, seatId, buyerOf(email), request);
}
