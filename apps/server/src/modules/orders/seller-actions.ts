/**
 * What a seller can do to an order from the back office: send the invoice
 * or link again, mark it paid outside the rails, cancel it, refund it in
 * full or in part, move it to another batch, retry its hand-off, dismiss
 * what it asks of the seller, and attach or reissue after a lost answer.
 *
 * Each action goes through the order's rail (never around it), is checked
 * against the same rules the order page shows (seller-rules.ts), and is
 * recorded in the audit log in the transaction that changes the order. Each
 * carries a key the browser made for its confirmation: a request whose key
 * the log already holds for this order is answered without acting again,
 * and actions that talk to a provider hold the order's provider lease, so
 * two tabs clicking "Refund" at once refund once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { batches, portalHandoffs, sellerAudit } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { DiscountCode } from '../catalog/discounts';
import { findBatch } from '../catalog/repository';
import { enqueueHandoff, type HandoffDeliverer } from '../handoff/outbox';
import { buildHandoffPayload } from '../handoff/payload';
import type { EnrolmentMail } from '../mail/enrolment';
import { recordSellerAction } from '../seller/audit';
import { OrderError } from './errors';
import { releaseHolds, retakeHolds } from './holds';
import type { OrderIssuing } from './issuing';
import { acquireProviderLease, releaseProviderLease, whileLeased } from './leases';
import { unknownRefundNote, withNote } from './notes';
import type { OrderPlacement } from './placing';
import {
  isRailFailure,
  PaidAtProviderError,
  RailRefusedError,
  RailUnavailableError,
  type PaymentRail,
  type RefundRequest,
} from './rail-port';
import {
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
import { orderFacts, refundedThroughBackOffice } from './seller-facts';
import {
  MANUAL_PAYMENT_PREFIX,
  moneyText,
  refundableMinor,
  sellerRules,
  type SellerActionName,
} from './seller-rules';
import type { OrderSettlement } from './settlement';

export interface SellerActor {
  /** From the verified token, never from the request body. */
  sellerEmail: string;
}

export interface ActionRequest {
  idempotencyKey: string;
  note?: string | undefined;
}

export interface ActionResult {
  /** One line for the seller: what happened. */
  message: string;
  /** The order to show the seller next, when it is another one (a replaced order's successor). */
  orderId?: string;
}

/** Refused for a reason the seller can act on; nothing changed. */
export class SellerActionError extends HttpError {}

const notFound = () => new SellerActionError(404, 'No such order.');

const PAID_WHILE_CANCELLING =
  'The buyer paid before the invoice or link could be withdrawn: the order is paid and keeps its seat. Refund it if it should not stand.';
const conflict = (message: string) => new SellerActionError(409, message);

/** How long a second request waits for another action on the same order to finish. */
const LEASE_WAIT_MS = 30_000;

/** What a provider's failure means to the seller. */
function providerFailure(error: unknown, what: string): never {
  if (error instanceof RailRefusedError) {
    throw new SellerActionError(422, `The payment provider refused to ${what}: ${error.code}.`);
  }
  if (error instanceof RailUnavailableError) {
    throw new SellerActionError(
      502,
      `The payment provider is not answering, so nothing was done. Try to ${what} again in a minute.`,
    );
  }
  throw error;
}

/** The order's state as the audit log keeps it before and after an action. */
function auditView(order: OrderRow) {
  return {
    status: order.status,
    batchId: order.batchId,
    totalMinor: order.totalMinor,
    currency: order.currency,
    providerReference: order.providerReference,
    paymentReferences: order.paymentReferences,
    attention: order.attention,
  };
}

export class SellerOrderActions {
  constructor(
    private readonly db: Database,
    private readonly railFor: (order: Pick<OrderRow, 'rail'>) => PaymentRail,
    private readonly parts: {
      placement: OrderPlacement;
      issuing: OrderIssuing;
      settlement: OrderSettlement;
      handoffs: HandoffDeliverer;
      /** The buyer's enrolment e-mail, for an order the seller marks paid. */
      enrolmentMail?: EnrolmentMail | undefined;
      attach: (order: OrderRow, reference: string) => Promise<OrderRow>;
      reissue: (order: OrderRow) => Promise<OrderRow>;
    },
    private readonly log: FastifyBaseLogger,
    private readonly leaseSeconds: number,
  ) {}

  /** The invoice or link again, from the provider, to the buyer. */
  resend(orderId: string, actor: SellerActor, request: ActionRequest): Promise<ActionResult> {
    return this.withProvider(orderId, 'order.resend', actor, request, async (order) => {
      await this.check('resend', order);
      try {
        await this.railFor(order).remind(toSnapshot(order));
      } catch (error) {
        providerFailure(error, 'send it again');
      }
      const what = order.rail === 'paypal_invoice' ? 'invoice' : 'payment link';
      const message = `The buyer was sent the ${what} again.`;
      await this.db.transaction(async (tx) => {
        const current = (await lockOrder(tx, order.id))!;
        await this.audit(tx, actor, 'order.resend', current, current, request, { message });
      });
      return { message };
    });
  }

  /**
   * Paid outside the rails (a bank transfer, say): the invoice or link is
   * withdrawn first, so the buyer cannot also pay it, then the order is paid
   * with the seller's note as its payment reference, and handed off.
   */
  markPaid(orderId: string, actor: SellerActor, request: ActionRequest): Promise<ActionResult> {
    return this.withProvider(orderId, 'order.mark-paid', actor, request, async (order) => {
      await this.check('markPaid', order);
      await this.withdrawOrSettle(
        order,
        'mark it paid',
        'The buyer paid at the provider meanwhile: the order is paid by that payment, so there is nothing to mark.',
      );
      let handoffId: string | undefined;
      let mailId: string | undefined;
      const message = await this.db.transaction(async (tx) => {
        const current = (await lockOrder(tx, order.id))!;
        await this.check('markPaid', current, tx);
        const paidBefore = await findPaidOrder(tx, current.email, current.workshopSku);
        if (paidBefore) {
          throw conflict(`This buyer's order ${paidBefore.id} for this workshop is paid already.`);
        }
        if (!(await retakeHolds(tx, current))) {
          throw conflict('The batch is full: move the order to a batch with a free seat first.');
        }
        const paid = await transition(tx, current, 'paid', 'marked paid by the seller', {
          paidAt: new Date(),
          paymentReferences: [
            ...current.paymentReferences,
            `${MANUAL_PAYMENT_PREFIX}${request.note ?? ''}`,
          ],
          nextCheckAt: null,
          providerCancelPending: false,
          createAttemptedAt: null,
        });
        if (!paid) throw conflict('The order changed meanwhile; look again.');
        handoffId = await enqueueHandoff(tx, paid, 'enrollment.created');
        mailId = await this.parts.enrolmentMail?.enqueue(tx, paid);
        const text = 'The order is paid, and the student is being handed to the courses portal.';
        await this.audit(tx, actor, 'order.mark-paid', current, paid, request, { message: text });
        return text;
      });
      if (handoffId) this.deliverSoon(handoffId);
      if (mailId) this.parts.enrolmentMail?.deliverSoon(mailId);
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
    return this.withProvider(orderId, 'order.cancel', actor, request, async (order) => {
      await this.check('cancel', order);
      await this.withdrawOrSettle(order, 'cancel it', PAID_WHILE_CANCELLING);
      const message = 'The order is cancelled, its invoice or link withdrawn and its seat free.';
      await this.db.transaction(async (tx) => {
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
        await this.audit(tx, actor, 'order.cancel', order, closed, request, { message });
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
    return this.withProvider(orderId, 'order.refund', actor, request, async (order) => {
      const facts = await this.check('refund', order);
      const left = refundableMinor(order, facts);
      if (request.amountMinor > left) {
        throw new SellerActionError(
          422,
          `At most ${moneyText(left, order.currency)} can be refunded on this order.`,
        );
      }
      const amount = moneyText(request.amountMinor, order.currency);
      let outcome;
      try {
        outcome = await this.railFor(order).refund(toSnapshot(order), {
          amountMinor: request.amountMinor,
          reason: request.reason,
          note: request.note || 'Refund of your workshop order',
          idempotencyKey: request.idempotencyKey,
        });
      } catch (error) {
        if (error instanceof RailUnavailableError && error.outcomeUnknown) {
          await this.flagUnknownRefund(order.id, amount);
          throw new SellerActionError(
            502,
            'The payment provider did not answer, and the refund may have been made. Check the payment at the provider before refunding again.',
          );
        }
        providerFailure(error, 'refund it');
      }
      let handoffId: string | undefined;
      const message = await this.db.transaction(async (tx) => {
        const current = (await lockOrder(tx, order.id))!;
        const refundedBefore = await refundedThroughBackOffice(tx, order.id);
        const whole = refundedBefore + request.amountMinor >= current.totalMinor;
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
            handoffId = await enqueueHandoff(tx, refunded, 'enrollment.revoked');
            after = refunded;
            text = inFull;
          }
        } else {
          await recordOrderEvent(tx, current, `refunded ${amount} by the seller`);
          // The provider's webhook of this refund settled the order first: it freed the
          // seat and queued the un-enrolment; this records the refund itself, once.
          if (whole && current.status === 'refunded') text = inFull;
        }
        await this.audit(tx, actor, 'order.refund', order, after, request, {
          message: text,
          amountMinor: request.amountMinor,
          reason: request.reason,
          refundReference: outcome.refundReference,
          refundState: outcome.state,
        });
        return text;
      });
      if (handoffId) this.deliverSoon(handoffId);
      return { message };
    });
  }

  /**
   * A paid order's seat moves to the other batch in one transaction, under
   * the capacity of the batch it moves to. An open order is replaced by one
   * for the other batch (its invoice or link names the batch), which the
   * buyer receives as a new invoice or link; the old one is withdrawn.
   */
  async moveBatch(
    orderId: string,
    actor: SellerActor,
    request: ActionRequest & { batchId: string },
  ): Promise<ActionResult> {
    const order = await this.find(orderId);
    const replay = await this.replayed(order.id, 'order.move-batch', request);
    if (replay) return replay;
    await this.check('moveBatch', order);
    const target = await findBatch(this.db, request.batchId);
    if (!target || target.workshopSku !== order.workshopSku) {
      throw new SellerActionError(422, 'Choose a batch of the same workshop.');
    }
    if (target.id === order.batchId) {
      throw new SellerActionError(422, 'The order is in that batch already.');
    }
    return order.status === 'paid'
      ? this.moveSeat(order.id, actor, request, target)
      : this.replaceOpenOrder(order, actor, request, target);
  }

  private async moveSeat(
    orderId: string,
    actor: SellerActor,
    request: ActionRequest,
    target: { id: string; description: string },
  ): Promise<ActionResult> {
    return this.db.transaction(async (tx) => {
      const current = (await lockOrder(tx, orderId))!;
      const replay = await this.replayed(orderId, 'order.move-batch', request, tx);
      if (replay) return replay;
      if (current.status !== 'paid') throw conflict('The order changed meanwhile; look again.');
      // Both seat counts change in batch-id order, so two moves the other way cannot deadlock.
      const changes = [
        { id: current.batchId, take: false },
        { id: target.id, take: true },
      ].sort((a, b) => a.id.localeCompare(b.id));
      for (const change of changes) {
        if (change.take) {
          const [taken] = await tx
            .update(batches)
            .set({ seatsTaken: sql`${batches.seatsTaken} + 1`, updatedAt: sql`now()` })
            .where(
              and(eq(batches.id, change.id), sql`${batches.seatsTaken} < ${batches.seatCapacity}`),
            )
            .returning({ id: batches.id });
          if (!taken) throw conflict('That batch is full: free a seat or raise its capacity.');
        } else if (current.holdsReserved) {
          await tx
            .update(batches)
            .set({
              seatsTaken: sql`greatest(${batches.seatsTaken} - 1, 0)`,
              updatedAt: sql`now()`,
            })
            .where(eq(batches.id, change.id));
        }
      }
      const moved = (await updateOrder(tx, orderId, {
        batchId: target.id,
        batchDescription: target.description,
        holdsReserved: true,
      }))!;
      await recordOrderEvent(
        tx,
        moved,
        `moved from ${current.batchId} to ${target.id} by the seller`,
      );
      const portalTold = await this.updateUndeliveredEnrolment(tx, moved);
      const message = portalTold
        ? `Moved to ${target.id}.`
        : `Moved to ${target.id}. The courses portal already enrolled the student in ${current.batchId}: move them there too.`;
      await this.audit(tx, actor, 'order.move-batch', current, moved, request, { message });
      return { message };
    });
  }

  /**
   * The enrolment message still waiting for the portal carries the new
   * batch; answers false when the portal already has the old one.
   */
  private async updateUndeliveredEnrolment(tx: Db, order: OrderRow): Promise<boolean> {
    const [handoff] = await tx
      .select()
      .from(portalHandoffs)
      .where(
        and(eq(portalHandoffs.orderId, order.id), eq(portalHandoffs.kind, 'enrollment.created')),
      );
    if (!handoff) return true;
    if (handoff.deliveredAt) return false;
    await tx
      .update(portalHandoffs)
      .set({ payload: buildHandoffPayload(handoff.id, handoff.kind, order, new Date()) })
      .where(eq(portalHandoffs.id, handoff.id));
    return true;
  }

  private async replaceOpenOrder(
    order: OrderRow,
    actor: SellerActor,
    request: ActionRequest,
    target: { id: string },
  ): Promise<ActionResult> {
    let message = '';
    const placed = await this.parts.placement.place(
      {
        uid: order.firebaseUid,
        email: order.email,
        rail: order.rail,
        workshopSku: order.workshopSku,
        batchId: target.id,
        discountCode: order.discountCode as DiscountCode | null,
        billing: order.billing,
      },
      {
        replaceReason: `moved to ${target.id} by the seller`,
        within: async (tx, result, replaced) => {
          if (result.reused || !replaced || replaced.id !== order.id) {
            message = `The order is in ${target.id} already, as ${result.order.id}.`;
            return;
          }
          message = `Moved to ${target.id} as order ${result.order.id}; the buyer gets a new invoice or link and the old one is withdrawn.`;
          await this.audit(
            tx,
            actor,
            'order.move-batch',
            replaced,
            { ...auditView(replaced), status: 'cancelled', replacedBy: result.order.id },
            request,
            { message, replacedBy: result.order.id },
          );
        },
      },
    );
    try {
      await this.parts.issuing.issue(placed.order);
    } catch (error) {
      if (!(error instanceof OrderError)) throw error;
      // The new order is kept: the reconciler issues it once the provider answers.
      message += ' The provider did not answer yet; it will be sent as soon as it does.';
    }
    return { message, orderId: placed.order.id };
  }

  /** Sends the order's undelivered hand-offs now, and says whether the portal acknowledged. */
  async retryHandoff(
    orderId: string,
    actor: SellerActor,
    request: ActionRequest,
  ): Promise<ActionResult> {
    const order = await this.find(orderId);
    const replay = await this.replayed(order.id, 'order.retry-handoff', request);
    if (replay) return replay;
    const due = await this.db.transaction(async (tx) => {
      const current = (await lockOrder(tx, orderId))!;
      const again = await this.replayed(orderId, 'order.retry-handoff', request, tx);
      if (again) return again;
      await this.check('retryHandoff', current, tx);
      const ids = await tx
        .update(portalHandoffs)
        .set({ nextAttemptAt: sql`now()` })
        .where(and(eq(portalHandoffs.orderId, orderId), isNull(portalHandoffs.deliveredAt)))
        .returning({ id: portalHandoffs.id });
      await this.audit(tx, actor, 'order.retry-handoff', current, current, request, {
        message: 'Hand-off sent again.',
        handoffs: ids.map((each) => each.id),
      });
      return ids.map((each) => each.id);
    });
    if (!Array.isArray(due)) return due;
    const results = await Promise.all(due.map((id) => this.parts.handoffs.deliverNow(id)));
    const message = results.every(Boolean)
      ? 'The courses portal acknowledged the hand-off.'
      : 'The courses portal did not acknowledge the hand-off yet; it is retried on its own.';
    return { message };
  }

  /** Clears what the order asks of the seller, with the seller's reason. */
  async dismissAttention(
    orderId: string,
    actor: SellerActor,
    request: ActionRequest,
  ): Promise<ActionResult> {
    await this.find(orderId);
    return this.db.transaction(async (tx) => {
      const current = (await lockOrder(tx, orderId))!;
      const replay = await this.replayed(orderId, 'order.dismiss-attention', request, tx);
      if (replay) return replay;
      await this.check('dismissAttention', current, tx);
      const cleared = (await updateOrder(tx, orderId, { attention: null }))!;
      const message = 'Dismissed.';
      await this.audit(tx, actor, 'order.dismiss-attention', current, cleared, request, {
        message,
      });
      return { message };
    });
  }

  /**
   * The invoice or link the seller found at the provider after a lost
   * answer. It is looked up first, so a mistyped id changes nothing.
   */
  async attach(
    orderId: string,
    actor: SellerActor,
    request: ActionRequest & { providerReference: string },
  ): Promise<ActionResult> {
    const order = await this.find(orderId);
    const replay = await this.replayed(order.id, 'order.attach', request);
    if (replay) return replay;
    await this.check('attach', order);
    try {
      await this.railFor(order).fetchState(
        toSnapshot({ ...order, providerReference: request.providerReference }),
      );
    } catch (error) {
      providerFailure(error, `find ${request.providerReference}`);
    }
    const attached = await this.parts.attach(order, request.providerReference);
    const message = `Attached ${request.providerReference}; the order is ${attached.status.replace('_', ' ')}.`;
    await this.audit(this.db, actor, 'order.attach', order, attached, request, { message });
    return { message };
  }

  /** The provider has nothing for the order after a lost answer: a new invoice or link. */
  async reissue(
    orderId: string,
    actor: SellerActor,
    request: ActionRequest,
  ): Promise<ActionResult> {
    const order = await this.find(orderId);
    const replay = await this.replayed(order.id, 'order.reissue', request);
    if (replay) return replay;
    await this.check('reissue', order);
    let reissued: OrderRow;
    try {
      reissued = await this.parts.reissue(order);
    } catch (error) {
      if (!(error instanceof OrderError)) throw error;
      reissued = (await findOrder(this.db, order.id)) ?? order;
    }
    const message =
      reissued.status === 'awaiting_payment'
        ? 'A new invoice or link was sent to the buyer.'
        : 'The provider did not answer yet; the order will be issued as soon as it does.';
    await this.audit(this.db, actor, 'order.reissue', order, reissued, request, { message });
    return { message };
  }

  // ── Shared steps ─────────────────────────────────────────────────────────

  private async find(orderId: string): Promise<OrderRow> {
    const order = await findOrder(this.db, orderId);
    if (!order) throw notFound();
    return order;
  }

  /** Refuses with the rule's reason when the order does not allow the action now. */
  private async check(name: SellerActionName, order: OrderRow, db: Db = this.db) {
    const facts = await orderFacts(db, order.id);
    const reason = sellerRules[name](order, facts);
    if (reason) throw conflict(reason);
    return facts;
  }

  /**
   * Runs an action that talks to the provider while holding the order's
   * provider lease: a second request for the same order waits for the first
   * and then finds its key in the log (a double click), or acts on the
   * order as the first left it.
   */
  private async withProvider(
    orderId: string,
    action: string,
    actor: SellerActor,
    request: ActionRequest,
    work: (order: OrderRow) => Promise<ActionResult>,
  ): Promise<ActionResult> {
    const first = await this.find(orderId);
    const replay = await this.replayed(first.id, action, request);
    if (replay) return replay;
    await this.acquireLease(first.id);
    try {
      return await whileLeased(this.db, first.id, this.leaseSeconds, async () => {
        const again = await this.replayed(first.id, action, request);
        if (again) return again;
        const current = (await findOrder(this.db, first.id))!;
        this.log.info({ order: current.id, action, seller: actor.sellerEmail }, 'seller action');
        return work(current);
      });
    } finally {
      await releaseProviderLease(this.db, first.id);
    }
  }

  private async acquireLease(orderId: string): Promise<void> {
    const deadline = Date.now() + LEASE_WAIT_MS;
    while (!(await acquireProviderLease(this.db, orderId, this.leaseSeconds))) {
      if (Date.now() > deadline) {
        throw conflict('Another action on this order is still under way. Try again in a minute.');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** The answer to an earlier request with the same key for this order and action. */
  private async replayed(
    orderId: string,
    action: string,
    request: ActionRequest,
    db: Db = this.db,
  ): Promise<ActionResult | undefined> {
    const [row] = await db
      .select({ after: sellerAudit.after })
      .from(sellerAudit)
      .where(
        and(
          eq(sellerAudit.targetType, 'order'),
          eq(sellerAudit.targetId, orderId),
          eq(sellerAudit.action, action),
          sql`${sellerAudit.after} ->> 'requestKey' = ${request.idempotencyKey}`,
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const message = (row.after as { message?: unknown } | null)?.message;
    return { message: typeof message === 'string' ? message : 'Done already.' };
  }

  private async audit(
    db: Db,
    actor: SellerActor,
    action: string,
    before: OrderRow,
    after: OrderRow | Record<string, unknown>,
    request: ActionRequest,
    outcome: Record<string, unknown> & { message: string },
  ): Promise<void> {
    const afterView = 'firebaseUid' in after ? auditView(after as OrderRow) : after;
    await recordSellerAction(db, {
      sellerEmail: actor.sellerEmail,
      action,
      targetType: 'order',
      targetId: before.id,
      before: auditView(before),
      after: { ...afterView, ...outcome, requestKey: request.idempotencyKey },
      note: request.note || null,
    });
  }

  /**
   * Withdraws an open order's invoice or link before the seller closes or
   * settles it by hand. Paid at the provider meanwhile: the order is settled
   * by that payment (by the reconciler, if the provider does not answer the
   * question) and the seller is told `paidMessage`.
   */
  private async withdrawOrSettle(order: OrderRow, what: string, paidMessage: string) {
    if (!order.providerReference) return;
    try {
      await this.railFor(order).cancel(toSnapshot(order));
    } catch (error) {
      if (error instanceof PaidAtProviderError) {
        await this.settleNowOrSoon(order.id);
        throw conflict(paidMessage);
      }
      providerFailure(error, what);
    }
    if (!OPEN_STATUSES.includes(order.status)) {
      await updateOrder(this.db, order.id, { providerCancelPending: false });
    }
  }

  private async settleNowOrSoon(orderId: string): Promise<void> {
    const current = (await findOrder(this.db, orderId))!;
    try {
      await this.parts.settlement.sync(current, 'paid at the provider');
    } catch (error) {
      if (!isRailFailure(error)) throw error;
      await updateOrder(this.db, orderId, { nextCheckAt: new Date() });
      this.log.warn({ order: orderId }, 'paid at the provider; the reconciler settles it');
    }
  }

  private async flagUnknownRefund(orderId: string, amount: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await lockOrder(tx, orderId);
      if (!current) return;
      await updateOrder(tx, orderId, {
        attention: withNote(current.attention, unknownRefundNote(amount)),
      });
    });
    this.log.error({ order: orderId }, 'a refund got no answer; the seller must check');
  }

  private deliverSoon(handoffId: string): void {
    void this.parts.handoffs.deliverNow(handoffId).catch((error: unknown) => {
      this.log.error(
        { handoff: handoffId, err: error },
        'immediate hand-off failed; the worker will retry',
      );
    });
  }
}
