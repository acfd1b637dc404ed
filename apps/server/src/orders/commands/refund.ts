/**
 * The seller gives money back through the rail the buyer paid on, under the
 * order's provider lease. The order is read again under its lock before the
 * outcome is recorded: the provider's webhook may have settled it meanwhile.
 */
import { releaseHolds } from '../../inventory/holds';
import { openNote } from '../attention';
import { balance, markPaymentsRefunded, orderMoney, requestRefund, setRefundState } from '../money';
import { RailUnavailableError, type RefundOutcome, type RefundRequest } from '../rail-port';
import { recordOrderEvent, toSnapshot, transition, type OrderRow } from '../repository';
import { providerFailure, SellerActionError } from './command';
import type { ActionRequest, OrderAction, OrderActor, OrderCommand } from './command';
import { moneyText } from './rules';
import { formatMoney as moneyWords } from '@wifi7/contract';

/**
 * Gives money back through the rail the buyer paid on, with the request's
 * key as the provider's idempotency key. What is refunded in full is
 * closed: the seat is freed and the courses portal told to un-enrol.
 */
export const refund: OrderAction<
  ActionRequest & {
    amountMinor: number;
    reason: RefundRequest['reason'];
    /** A buyer's cancel within the policy: the order closes though part is kept. */
    closes?: boolean;
  }
> = (command, orderId, actor, request) =>
  command.withProvider(orderId, 'order.refund', actor, request, async (order) => {
    const { refundableMinor: left } = await command.check('refund', order);
    if (request.amountMinor > left) {
      throw new SellerActionError(
        422,
        `At most ${moneyText(left, order.currency)} can be refunded on this order.`,
      );
    }
    const amount = moneyText(request.amountMinor, order.currency);
    const { refundId, outcome } = await refundOnRail(command, order, actor, request);
    let handoffIds: string[] = [];
    const message = await command.locked(order.id, async (tx, current) => {
      const { refundedMinor: refundedBefore } = balance(current, await orderMoney(tx, order.id));
      const whole =
        refundedBefore + request.amountMinor >= current.totalMinor || request.closes === true;
      await setRefundState(
        tx,
        refundId,
        outcome.state === 'pending' ? 'pending' : 'succeeded',
        outcome.refundReference,
      );
      const pending = outcome.state === 'pending' ? ' (the provider will settle it)' : '';
      let after = current;
      const inFull = `Refunded ${amount} in full${pending}; the seat is free and the courses portal is told.`;
      let text = `Refunded ${amount}${pending}.`;
      if (actor.role === 'buyer') {
        const provider = current.rail === 'paypal_invoice' ? 'PayPal' : 'Zoho';
        text = `Your order is cancelled and ${moneyWords(request.amountMinor, current.currency)} is on its way back to you through ${provider}. Your seat is given up.`;
      }
      if (whole && current.status === 'paid') {
        const refunded = await transition(
          tx,
          current,
          'refunded',
          `refunded by the ${actor.role}`,
          {
            nextCheckAt: null,
          },
        );
        if (refunded) {
          await releaseHolds(tx, refunded);
          await markPaymentsRefunded(tx, refunded.id);
          handoffIds = await command.parts.handoffs.enqueue(tx, refunded, 'enrollment.revoked');
          after = refunded;
          if (actor.role === 'seller') text = inFull;
        }
      } else {
        await recordOrderEvent(tx, current, `refunded ${amount} by the ${actor.role}`);
        // The provider's webhook of this refund settled the order first: it freed the
        // seat and queued the un-enrolment; this records the refund itself, once.
        if (whole && current.status === 'refunded' && actor.role === 'seller') text = inFull;
      }
      await command.audit(tx, actor, 'order.refund', order, after, request, {
        message: text,
        amountMinor: request.amountMinor,
        reason: request.reason,
        refundReference: outcome.refundReference,
        refundState: outcome.state,
      });
      return text;
    });
    for (const id of handoffIds) command.parts.handoffs.deliverSoon(id);
    return { message };
  });

/**
 * Asks the order's rail to give `amountMinor` back, with the request's key
 * as the provider's idempotency key, and records the refund as pending. A
 * failure is the seller's (or buyer's) words; an answer that never came
 * flags the order, since the money may have gone back.
 */
export async function refundOnRail(
  command: OrderCommand,
  order: OrderRow,
  actor: OrderActor,
  request: ActionRequest & { amountMinor: number; reason: RefundRequest['reason'] },
): Promise<{ refundId: number; outcome: RefundOutcome }> {
  const amount = moneyText(request.amountMinor, order.currency);
  const refundId = await requestRefund(command.db, order, {
    amountMinor: request.amountMinor,
    requestedBy: actor.role === 'seller' ? actor.email : null,
    reason: request.reason,
    note: request.note || null,
  });
  await setRefundState(command.db, refundId, 'pending');
  try {
    const outcome = await command.railFor(order).refund(toSnapshot(order), {
      amountMinor: request.amountMinor,
      reason: request.reason,
      note: request.note || 'Refund of your workshop order',
      idempotencyKey: request.idempotencyKey,
    });
    return { refundId, outcome };
  } catch (error) {
    // Pending with no refund id: nobody knows yet whether the money went back.
    if (error instanceof RailUnavailableError && error.outcomeUnknown) {
      await flagUnknownRefund(command, order.id, amount);
      throw new SellerActionError(
        502,
        actor.role === 'buyer'
          ? 'The payment provider did not answer, so we cannot say yet whether your refund was made. We are checking it and will write to you; please do not cancel again.'
          : 'The payment provider did not answer, and the refund may have been made. Check the payment at the provider before refunding again.',
      );
    }
    await setRefundState(command.db, refundId, 'failed');
    providerFailure(error, 'refund it');
  }
}

async function flagUnknownRefund(
  command: OrderCommand,
  orderId: string,
  amount: string,
): Promise<void> {
  await command.locked(orderId, (tx) =>
    openNote(tx, orderId, { kind: 'unknown-refund', details: { amount } }),
  );
  command.log.error({ order: orderId }, 'a refund got no answer; the seller must check');
}
