/**
 * The seller's actions that are, at heart, a request to the order's payment
 * rail: send the invoice or link again, withdraw it and cancel the order,
 * give money back. Each holds the order's provider lease while the provider
 * is asked, and reads the order again under its lock before recording the
 * outcome: the provider's webhook may have settled the order meanwhile.
 */
import type { PortalHandoffs } from '../enrolment-port';
import { releaseHolds } from '../../inventory/holds';
import { openNote } from '../attention';
import { RailUnavailableError, type RefundRequest } from '../rail-port';
import { lockOrder, OPEN_STATUSES, recordOrderEvent, toSnapshot, transition } from '../repository';
import type { ActionRequest, ActionResult, SellerActor } from './steps';
import { conflict, providerFailure, SellerActionError, type SellerActionSteps } from './steps';
import { balance, markPaymentsRefunded, orderMoney, requestRefund, setRefundState } from '../money';
import { moneyText } from './rules';

/** A payment overtook the withdrawal: the order stands, and only a refund undoes it. */
export const PAID_WHILE_CANCELLING =
  'The buyer paid before the invoice or link could be withdrawn: the order is paid and keeps its seat. Refund it if it should not stand.';

export class SellerRailActions {
  constructor(
    private readonly steps: SellerActionSteps,
    private readonly handoffs: PortalHandoffs,
  ) {}

  /** The invoice or link again, from the provider, to the buyer. */
  resend(orderId: string, actor: SellerActor, request: ActionRequest): Promise<ActionResult> {
    const { steps } = this;
    return steps.withProvider(orderId, 'order.resend', actor, request, async (order) => {
      await steps.check('resend', order);
      try {
        await steps.railFor(order).remind(toSnapshot(order));
      } catch (error) {
        providerFailure(error, 'send it again');
      }
      const what = order.rail === 'paypal_invoice' ? 'invoice' : 'payment link';
      const message = `The buyer was sent the ${what} again.`;
      await steps.db.transaction(async (tx) => {
        const current = (await lockOrder(tx, order.id))!;
        await steps.audit(tx, actor, 'order.resend', current, current, request, { message });
      });
      return { message };
    });
  }

  /**
   * Withdraws the invoice or link at the provider, then closes the order and
   * frees its seat. The order is read again under its lock afterwards: the
   * provider's webhook of this very withdrawal (or the hold running out) may
   * have closed it first, which is what the seller asked for; a payment that
   * overtook the withdrawal keeps the order paid, and the seller is told to
   * refund instead.
   */
  cancel(orderId: string, actor: SellerActor, request: ActionRequest): Promise<ActionResult> {
    const { steps } = this;
    return steps.withProvider(orderId, 'order.cancel', actor, request, async (order) => {
      await steps.check('cancel', order);
      await steps.withdrawOrSettle(order, 'cancel it', PAID_WHILE_CANCELLING);
      const message = 'The order is cancelled, its invoice or link withdrawn and its seat free.';
      await steps.db.transaction(async (tx) => {
        const current = (await lockOrder(tx, order.id))!;
        if (current.status === 'paid' || current.status === 'refunded') {
          throw conflict(PAID_WHILE_CANCELLING);
        }
        let closed = current;
        if (OPEN_STATUSES.includes(current.status)) {
          const transitioned = await transition(
            tx,
            current,
            'cancelled',
            'cancelled by the seller',
            {
              nextCheckAt: null,
            },
          );
          if (!transitioned) throw conflict('The order changed meanwhile; look again.');
          await releaseHolds(tx, transitioned);
          closed = transitioned;
        }
        // Closed already (by the provider's word): its seat was freed when it closed.
        await steps.audit(tx, actor, 'order.cancel', order, closed, request, { message });
      });
      return { message };
    });
  }

  /**
   * Gives money back through the rail the buyer paid on, with the request's
   * key as the provider's idempotency key. What is refunded in full is
   * closed: the seat is freed and the courses portal told to un-enrol.
   */
  refund(
    orderId: string,
    actor: SellerActor,
    request: ActionRequest & { amountMinor: number; reason: RefundRequest['reason'] },
  ): Promise<ActionResult> {
    const { steps } = this;
    return steps.withProvider(orderId, 'order.refund', actor, request, async (order) => {
      const { refundableMinor: left } = await steps.check('refund', order);
      if (request.amountMinor > left) {
        throw new SellerActionError(
          422,
          `At most ${moneyText(left, order.currency)} can be refunded on this order.`,
        );
      }
      const amount = moneyText(request.amountMinor, order.currency);
      const refundId = await requestRefund(steps.db, order, {
        amountMinor: request.amountMinor,
        requestedBy: actor.sellerEmail,
        reason: request.reason,
        note: request.note || null,
      });
      await setRefundState(steps.db, refundId, 'pending');
      let outcome;
      try {
        outcome = await steps.railFor(order).refund(toSnapshot(order), {
          amountMinor: request.amountMinor,
          reason: request.reason,
          note: request.note || 'Refund of your workshop order',
          idempotencyKey: request.idempotencyKey,
        });
      } catch (error) {
        // Pending with no refund id: nobody knows yet whether the money went back.
        if (error instanceof RailUnavailableError && error.outcomeUnknown) {
          await this.flagUnknownRefund(order.id, amount);
          throw new SellerActionError(
            502,
            'The payment provider did not answer, and the refund may have been made. Check the payment at the provider before refunding again.',
          );
        }
        await setRefundState(steps.db, refundId, 'failed');
        providerFailure(error, 'refund it');
      }
      let handoffId: string | undefined;
      const message = await steps.db.transaction(async (tx) => {
        const current = (await lockOrder(tx, order.id))!;
        const { refundedMinor: refundedBefore } = balance(current, await orderMoney(tx, order.id));
        const whole = refundedBefore + request.amountMinor >= current.totalMinor;
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
        if (whole && current.status === 'paid') {
          const refunded = await transition(tx, current, 'refunded', 'refunded by the seller', {
            nextCheckAt: null,
          });
          if (refunded) {
            await releaseHolds(tx, refunded);
            await markPaymentsRefunded(tx, refunded.id);
            handoffId = await this.handoffs.enqueue(tx, refunded, 'enrollment.revoked');
            after = refunded;
            text = inFull;
          }
        } else {
          await recordOrderEvent(tx, current, `refunded ${amount} by the seller`);
          // The provider's webhook of this refund settled the order first: it freed the
          // seat and queued the un-enrolment; this records the refund itself, once.
          if (whole && current.status === 'refunded') text = inFull;
        }
        await steps.audit(tx, actor, 'order.refund', order, after, request, {
          message: text,
          amountMinor: request.amountMinor,
          reason: request.reason,
          refundReference: outcome.refundReference,
          refundState: outcome.state,
        });
        return text;
      });
      if (handoffId) this.handoffs.deliverSoon(handoffId);
      return { message };
    });
  }

  private async flagUnknownRefund(orderId: string, amount: string): Promise<void> {
    await this.steps.db.transaction(async (tx) => {
      await lockOrder(tx, orderId);
      await openNote(tx, orderId, { kind: 'unknown-refund', details: { amount } });
    });
    this.steps.log.error({ order: orderId }, 'a refund got no answer; the seller must check');
  }
}
