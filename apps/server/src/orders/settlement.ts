/**
 * Settling an order: ask its rail what happened and apply the answer —
 * paid (with the portal hand-off and the buyer's enrolment e-mail in the
 * same transaction), cancelled,
 * expired, refunded, or a payment that does not match the order, which is
 * flagged for the seller and never taken as paid. Webhooks, the buyer's
 * status check and the reconciler all end up here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PortalHandoffs, EnrolmentMails } from './enrolment-port';
import type { Database, Db } from '../db/client';
import { releaseHolds, retakeHolds } from '../inventory/holds';
import {
  PaidAtProviderError,
  RailRefusedError,
  type PaymentRail,
  type ProviderPaymentState,
} from './rail-port';
import {
  checksSoFar,
  findOrder,
  findPaidOrder,
  lockOrder,
  OPEN_STATUSES,
  recordOrderEvent,
  toSnapshot,
  transition,
  updateOrder,
  type OrderRow,
} from './repository';
import { openNote, replaceNotes, resolveNotes, SYSTEM } from './attention';
import { noteText, type Note } from './notes';
import { nextCheckAt, retryAfterFailure } from './schedule';
import {
  balance,
  markPaymentsRefunded,
  orderMoney,
  recordPayments,
  recordProviderRefund,
} from './money';
import { moneyText } from './commands/rules';

/** The provider would not withdraw an invoice or link: paid, partly paid, or not ours to cancel. */
function isWithdrawRefusal(error: unknown): boolean {
  return error instanceof PaidAtProviderError || error instanceof RailRefusedError;
}

/**
 * What the seller must know of a waiting payment that is not simply unpaid:
 * what came and what is due, or what the provider says. Undefined when
 * nothing came (the invoice or link may be withdrawn).
 */
function moneyInPlay(
  order: Pick<OrderRow, 'totalMinor' | 'currency'>,
  state: Extract<ProviderPaymentState, { kind: 'waiting' }>,
): Note | undefined {
  if (state.paidMinor !== undefined && state.paidMinor > 0) {
    const details = {
      received: moneyText(state.paidMinor, order.currency),
      due: moneyText(Math.max(order.totalMinor - state.paidMinor, 0), order.currency),
    };
    return { kind: 'part-payment', details };
  }
  return state.note ? { kind: 'part-payment', details: { providerSays: state.note } } : undefined;
}

/** What the seller needs to refund a second payment: both payments, both orders. */
function paidTwiceNote(paymentIds: string[], paidBeforeId: string, paidBeforeIds: string[]): Note {
  const list = (ids: string[]) => (ids.length > 0 ? ids.join(', ') : 'no id given');
  const details = {
    paymentIds: list(paymentIds),
    orderId: paidBeforeId,
    paidBy: list(paidBeforeIds),
  };
  return { kind: 'paid-twice', details };
}

/** A note of what came instead of a part payment: that one is settled by it. */
async function noteInPlaceOfPartPayment(db: Db, orderId: string, note: Note): Promise<boolean> {
  const settled =
    note.kind === 'part-payment'
      ? 0
      : await resolveNotes(db, orderId, SYSTEM, 'settled by what came next', ['part-payment']);
  return (await openNote(db, orderId, note)) || settled > 0;
}

/** The references of the payments that reached an order, as the seller reads them. */
const paymentReferencesOf = async (db: Db, order: OrderRow) =>
  balance(order, await orderMoney(db, order.id)).paymentReferences;

export class OrderSettlement {
  constructor(
    private readonly db: Database,
    private readonly railFor: (order: Pick<OrderRow, 'rail'>) => PaymentRail,
    private readonly handoffs: PortalHandoffs,
    private readonly log: FastifyBaseLogger,
    /** Absent in tests of the money path alone. */
    private readonly enrolmentMail?: EnrolmentMails,
  ) {}

  /** Records an event of the order as it is now (a step before may have changed it). */
  private async recordEvent(order: OrderRow, reason: string): Promise<void> {
    await recordOrderEvent(this.db, (await findOrder(this.db, order.id)) ?? order, reason);
  }

  /** Asks the provider about the order and applies the answer. */
  async sync(order: OrderRow, reason: string): Promise<OrderRow> {
    if (!order.providerReference) return order;
    const state = await this.railFor(order).fetchState(toSnapshot(order));
    return this.apply(order, state, reason);
  }

  /**
   * The provider reported the object whose create answer was lost: it
   * becomes the order's, and the seller need not look for it any more.
   */
  async adoptLostObject(order: OrderRow, reference: string): Promise<OrderRow> {
    const adopted = await this.db.transaction(async (tx) => {
      const current = await lockOrder(tx, order.id);
      if (!current || current.providerReference) return current;
      await recordOrderEvent(tx, current, `provider reported ${reference}, made without an answer`);
      // A closed order (replaced, expired) must not leave it payable: withdraw it, unless paid.
      const closed = !OPEN_STATUSES.includes(current.status) && current.status !== 'paid';
      await resolveNotes(tx, current.id, SYSTEM, `the provider reported ${reference}`, [
        'lost-create',
      ]);
      return updateOrder(tx, current.id, {
        providerReference: reference,
        createAttemptedAt: null,
        ...(closed ? { providerCancelPending: true, nextCheckAt: new Date() } : {}),
      });
    });
    this.log.info(
      { order: order.id, reference },
      'a payment object made without an answer was found',
    );
    return adopted ?? order;
  }

  /** The seller says the provider made nothing for the lost create: the order may issue again. */
  async forgetLostCreate(order: OrderRow): Promise<OrderRow> {
    await this.recordEvent(order, 'seller: the provider has nothing for this order');
    await resolveNotes(this.db, order.id, SYSTEM, 'the provider has nothing: issued again', [
      'lost-create',
    ]);
    return (await updateOrder(this.db, order.id, {
      createAttemptedAt: null,
      nextCheckAt: new Date(),
    }))!;
  }

  /**
   * A second invoice or link of an order that already has one (a create
   * repeated by hand, say). Paid, it settles the order (or is flagged as a
   * second payment) and the other one is withdrawn; still payable, it is
   * withdrawn at once. Either way the seller is told.
   */
  async settleExtraObject(order: OrderRow, extra: string, reason: string): Promise<OrderRow> {
    const rail = this.railFor(order);
    const extraSnapshot = toSnapshot({ ...order, providerReference: extra });
    const state = await rail.fetchState(extraSnapshot);
    if (state.kind === 'paid') {
      const replaced = order.providerReference;
      // A settled order keeps its own object (the payment is flagged as a second one);
      // an open one is settled by the object that was paid.
      const target =
        order.status === 'paid' || order.status === 'refunded'
          ? { ...order, providerReference: extra }
          : ((await updateOrder(this.db, order.id, { providerReference: extra })) ?? order);
      const settled = await this.apply(target, state, `${reason} (on ${extra})`);
      if (settled.providerReference === extra && replaced) {
        return this.withdrawExtra(settled, replaced);
      }
      return settled;
    }
    if (state.kind !== 'waiting') return order;
    return this.withdrawExtra(order, extra);
  }

  /** Withdraws one of the order's objects that is not the one it settles by, and tells the seller. */
  private async withdrawExtra(order: OrderRow, reference: string): Promise<OrderRow> {
    let withdrawn = true;
    try {
      await this.railFor(order).cancel(toSnapshot({ ...order, providerReference: reference }));
    } catch (error) {
      // Paid in full meanwhile, it settles; otherwise (partly paid, say) it stays, flagged:
      // never a second withdrawal in this attempt.
      const extraSnapshot = toSnapshot({ ...order, providerReference: reference });
      if (
        error instanceof PaidAtProviderError &&
        (await this.railFor(order).fetchState(extraSnapshot)).kind === 'paid'
      )
        return this.settleExtraObject(order, reference, 'paid while withdrawn');
      withdrawn = false;
      this.log.error(
        { order: order.id, reference, err: (error as Error).message },
        'could not withdraw a second payment object',
      );
    }
    const what = withdrawn ? 'withdrawn' : 'left payable';
    await this.recordEvent(order, `second payment object ${reference} ${what}`);
    await openNote(this.db, order.id, { kind: 'extra-object', details: { reference, withdrawn } });
    return (await updateOrder(this.db, order.id, {}))!;
  }

  /**
   * A closed order (replaced, say) whose invoice or link is still payable at
   * the provider: withdraw it. Paid meanwhile, the payment settles the order.
   */
  async withdrawClosed(order: OrderRow): Promise<OrderRow> {
    const refused = await this.withdraw(order, 'paid after it was replaced');
    if (refused) return refused;
    return (await updateOrder(this.db, order.id, {
      providerCancelPending: false,
      nextCheckAt: null,
    }))!;
  }

  /** The hold ran out: withdraw the invoice or link first, so it can no longer be paid. */
  async expire(order: OrderRow): Promise<OrderRow> {
    const refused = order.providerReference && (await this.withdraw(order, 'paid before expiry'));
    return refused || this.close(order, 'expired', 'hold expired unpaid');
  }

  /** Withdraws the invoice or link; a refusal answers the order as the payment left it. */
  private async withdraw(order: OrderRow, paidWhy: string): Promise<OrderRow | undefined> {
    try {
      await this.railFor(order).cancel(toSnapshot(order));
    } catch (error) {
      if (isWithdrawRefusal(error)) return this.afterRefusedWithdrawal(order, paidWhy);
      throw error;
    }
  }

  /**
   * The provider refused to withdraw the order's invoice or link. Its answer
   * about the payment decides, once: paid, closed or refunded settle the
   * order; money it still holds (a partial or pending payment) or a refusal
   * it does not explain go to the seller, and the next attempt waits longer
   * each time. Never another withdrawal in this attempt, so a refusal cannot
   * loop.
   */
  private async afterRefusedWithdrawal(order: OrderRow, reason: string): Promise<OrderRow> {
    const state = await this.railFor(order).fetchState(toSnapshot(order));
    if (state.kind !== 'waiting') {
      const settled = await this.apply(order, state, reason);
      // Nothing payable is left to withdraw (paid, closed or refunded at the provider).
      if (!settled.providerCancelPending || state.kind === 'mismatch') return settled;
      return (await updateOrder(this.db, order.id, {
        providerCancelPending: false,
        nextCheckAt: null,
      }))!;
    }
    const current = (await findOrder(this.db, order.id)) ?? order;
    const note = moneyInPlay(current, state) ?? { kind: 'unwithdrawable', details: {} };
    const failures = (await checksSoFar(this.db, order.id)) + 1;
    this.log.warn({ order: order.id, note }, 'the provider would not withdraw the invoice or link');
    if (await noteInPlaceOfPartPayment(this.db, order.id, note))
      await recordOrderEvent(this.db, current, 'the provider would not withdraw it');
    return (await updateOrder(this.db, order.id, {
      checkAttempts: failures,
      nextCheckAt: retryAfterFailure(new Date(), failures),
    }))!;
  }

  private async apply(
    order: OrderRow,
    state: ProviderPaymentState,
    reason: string,
  ): Promise<OrderRow> {
    const now = new Date();
    switch (state.kind) {
      case 'paid':
        return this.markPaid(order, state, reason);
      case 'waiting': {
        if (order.status !== 'awaiting_payment') return order;
        // Money came (part of it, or in a state we may not withdraw): the seller decides,
        // at once, and the invoice or link is not withdrawn from under the buyer's payment.
        const moneyNote = moneyInPlay(order, state);
        if (!moneyNote && order.holdExpiresAt <= now) return this.expire(order);
        if (moneyNote && (await noteInPlaceOfPartPayment(this.db, order.id, moneyNote))) {
          await this.recordEvent(order, 'provider: money came that is not the whole order');
          this.log.warn({ order: order.id, note: moneyNote }, 'money came that is not the order');
        }
        const checks = (await checksSoFar(this.db, order.id)) + 1;
        return (await updateOrder(this.db, order.id, {
          checkAttempts: checks,
          nextCheckAt: nextCheckAt(now, checks, order.holdExpiresAt),
          lastProviderError: null,
        }))!;
      }
      case 'cancelled':
      case 'expired':
        return this.close(order, state.kind, `provider: ${state.kind}`);
      case 'refunded':
        return this.markRefunded(order, state.partial);
      case 'mismatch': {
        this.log.error({ order: order.id, note: state.note }, 'payment does not match the order');
        await replaceNotes(this.db, order.id, { kind: 'mismatch', details: { text: state.note } });
        const checks = (await checksSoFar(this.db, order.id)) + 1;
        return (await updateOrder(this.db, order.id, {
          nextCheckAt: nextCheckAt(now, checks, order.holdExpiresAt),
          checkAttempts: checks,
        }))!;
      }
    }
  }

  private async markPaid(
    order: OrderRow,
    { paymentIds, paidMinor }: Extract<ProviderPaymentState, { kind: 'paid' }>,
    reason: string,
  ): Promise<OrderRow> {
    let handoffIds: string[] = [];
    let mailIds: string[] = [];
    const result = await this.db.transaction(async (tx) => {
      const current = await lockOrder(tx, order.id);
      if (!current) return current;
      if (current.status === 'paid' || current.status === 'refunded') {
        return this.noteFurtherPayments(tx, current, paymentIds, order.providerReference);
      }
      // Money arrived after the order was closed: give it its seat back if one is free.
      const seatless = !OPEN_STATUSES.includes(current.status) && !(await retakeHolds(tx, current));
      // Whatever came before (a wrong or partial payment) stays flagged for the seller,
      // but never keeps a full, correct payment from settling and enrolling.
      // A part payment the rest of which came is settled: that note is done.
      // A company order is not the buyer's own seat: its buyer may have paid for one too.
      const paidBefore =
        !current.groupOrder && (await findPaidOrder(tx, current.email, current.workshopSku));
      if (paidBefore) {
        const note = paidTwiceNote(
          paymentIds,
          paidBefore.id,
          await paymentReferencesOf(tx, paidBefore),
        );
        await openNote(tx, current.id, note);
        await updateOrder(tx, current.id, {
          nextCheckAt: null,
        });
        await recordPayments(tx, current, paymentIds, paidMinor);
        await recordOrderEvent(tx, current, `payment received on a duplicate order (${reason})`);
        this.log.error({ order: current.id }, noteText(current.id, note));
        return findOrder(tx, current.id);
      }
      await resolveNotes(tx, current.id, SYSTEM, 'paid in full', ['part-payment']);
      if (seatless) await openNote(tx, current.id, { kind: 'seatless', details: {} });
      const paid = await transition(tx, current, 'paid', reason, {
        paidAt: new Date(),
        // A link whose create answer was lost is learnt from the provider's report.
        providerReference: current.providerReference ?? order.providerReference,
        createAttemptedAt: null,
        nextCheckAt: null,
        providerCancelPending: false,
      });
      if (paid) await recordPayments(tx, paid, paymentIds, paidMinor);
      if (paid && !seatless) {
        handoffIds = await this.handoffs.enqueue(tx, paid, 'enrollment.created');
        mailIds = (await this.enrolmentMail?.enqueue(tx, paid)) ?? [];
      }
      return paid;
    });
    if (result?.status === 'paid') this.log.info({ order: order.id }, 'order paid');
    for (const id of handoffIds) this.handoffs.deliverSoon(id);
    for (const id of mailIds) this.enrolmentMail?.deliverSoon(id);
    return result ?? order;
  }

  /**
   * A settled order reported paid again: by the same payment it changes
   * nothing; by another one (say, a second link of the same order) the money
   * is never kept silently: the order is flagged with both payments.
   */
  private async noteFurtherPayments(
    tx: Db,
    current: OrderRow,
    paymentIds: string[],
    reference: string | null,
  ): Promise<OrderRow> {
    const paidBy = await paymentReferencesOf(tx, current);
    const further = paymentIds.filter((id) => !paidBy.includes(id));
    if (further.length === 0) return current;
    const details = {
      further: further.join(', '),
      reference: reference ?? 'an unknown object',
      paidBy: paidBy.join(', ') || 'no id given',
    };
    this.log.error({ order: current.id, further }, 'an order was paid twice');
    await recordOrderEvent(tx, current, `further payment ${further.join(', ')}`);
    await recordPayments(tx, current, further, null);
    await openNote(tx, current.id, { kind: 'paid-again', details });
    return (await updateOrder(tx, current.id, {}))!;
  }

  private async markRefunded(order: OrderRow, partial: boolean): Promise<OrderRow> {
    let handoffIds: string[] = [];
    const result = await this.db.transaction(async (tx) => {
      const current = await lockOrder(tx, order.id);
      if (!current) return current;
      if (current.status !== 'paid') return this.refundedUnheard(tx, current, partial);
      const money = balance(current, await orderMoney(tx, current.id));
      if (partial) {
        // A partial refund the seller made in the back office needs no second look: it is
        // recorded, or being recorded right now (a seller action holds the provider lease
        // of a paid order while it refunds, and the provider's webhook may come first).
        const sellerActing = (current.providerLeaseUntil?.getTime() ?? 0) > Date.now();
        if (sellerActing || money.refundedMinor > 0) return current;
        await recordProviderRefund(tx, current, null);
        await replaceNotes(tx, current.id, { kind: 'partly-refunded', details: {} });
        return updateOrder(tx, current.id, {});
      }
      const refunded = await transition(tx, current, 'refunded', 'provider: refunded', {
        nextCheckAt: null,
      });
      if (refunded) {
        await releaseHolds(tx, refunded);
        if (money.refundableMinor > 0)
          await recordProviderRefund(tx, refunded, money.refundableMinor);
        await markPaymentsRefunded(tx, refunded.id);
        handoffIds = await this.handoffs.enqueue(tx, refunded, 'enrollment.revoked');
      }
      return refunded;
    });
    for (const id of handoffIds) this.handoffs.deliverSoon(id);
    return result ?? order;
  }

  /**
   * Paid and refunded at the provider before we heard of either: an open
   * order closes and gives its seat back (nobody was enrolled), and the
   * seller is told that money came and went.
   */
  private async refundedUnheard(tx: Db, current: OrderRow, partial: boolean): Promise<OrderRow> {
    if (current.status === 'refunded') return current;
    const refundedUnheardReason = `provider: ${partial ? 'partly ' : ''}refunded before payment was heard of`;
    const note: Note = { kind: 'refunded-unheard', details: { partial } };
    const changed = await noteInPlaceOfPartPayment(tx, current.id, note);
    if (!OPEN_STATUSES.includes(current.status)) {
      if (!changed) return current;
      await recordOrderEvent(tx, current, refundedUnheardReason);
      return (await updateOrder(tx, current.id, {}))!;
    }
    this.log.warn({ order: current.id, partial }, 'paid and refunded before we heard of either');
    const closed = await transition(tx, current, 'cancelled', refundedUnheardReason, {
      nextCheckAt: null,
      providerCancelPending: false,
    });
    if (closed) {
      await releaseHolds(tx, closed);
      await recordProviderRefund(tx, closed, partial ? null : closed.totalMinor);
    }
    return closed ?? current;
  }

  /** Closes an open order and gives back its holds. */
  async close(order: OrderRow, to: 'cancelled' | 'expired', reason: string): Promise<OrderRow> {
    const result = await this.db.transaction(async (tx) => {
      const current = await lockOrder(tx, order.id);
      if (!current || !OPEN_STATUSES.includes(current.status)) return current;
      const closed = await transition(tx, current, to, reason, { nextCheckAt: null });
      if (closed) await releaseHolds(tx, closed);
      return closed;
    });
    return result ?? order;
  }
}
