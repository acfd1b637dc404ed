/**
 * The life of an order, independent of the payment rail:
 *
 *   place   — one transaction: the buyer's open order is reused when nothing
 *             changed (double click, retry) or replaced when something did;
 *             a new order takes its seat and code use and is priced on the
 *             server, before any provider is called.
 *   issue   — one caller at a time (a lease) asks the provider to create and
 *             send the invoice or link; a failure keeps the order for later.
 *   sync    — asks the provider what happened and applies it: paid (with the
 *             portal hand-off in the same transaction), cancelled, expired,
 *             refunded. Webhooks and the reconciler both end up here.
 *
 * See docs/decisions/0002-orders-and-payments.md for the states and rules.
 */
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { batches, orders, type BillingSnapshot } from '../../db/schema';
import { isProviderError, ProviderRejectedError } from '../../integrations/shared/provider-http';
import { quote } from '../catalog/pricing';
import { enqueueHandoff, type HandoffDeliverer } from '../handoff/outbox';
import {
  AlreadyPurchasedError,
  BatchUnavailableError,
  DiscountNotApplicableError,
  isUniqueViolation,
  OrderBusyError,
  PaidAtProviderError,
  PaymentProviderDownError,
  PaymentRefusedError,
} from './errors';
import { invoiceNumberFor, newOrderId } from './ids';
import type { PaymentGateway, ProviderPaymentState } from './payment-gateway';
import {
  acquireProviderLease,
  claimDueOrders,
  findOrder,
  findPaidOrder,
  lockOpenOrder,
  OPEN_STATUSES,
  recordOrderEvent,
  releaseHolds,
  releaseProviderLease,
  retakeHolds,
  takeDiscountUse,
  takeSeat,
  transition,
  updateOrder,
  type OrderRow,
} from './repository';
import { nextCheckAt, retryAfterFailure } from './schedule';

export interface OrderSettings {
  /** How long an unpaid order keeps its seat and code use. */
  holdHours: number;
  /** How long a request waits for another request that is issuing the same order. */
  issueWaitMs?: number;
}

export interface PlaceOrderInput {
  uid: string;
  email: string;
  rail: OrderRow['rail'];
  workshopSku: string;
  batchId: string;
  discountCode: string | null;
  billing: BillingSnapshot;
}

const LEASE_SECONDS = 90;

export class OrderService {
  constructor(
    private readonly db: Database,
    private readonly gateways: Partial<Record<OrderRow['rail'], PaymentGateway>>,
    private readonly handoffs: HandoffDeliverer,
    private readonly log: FastifyBaseLogger,
    private readonly settings: OrderSettings,
  ) {}

  // ── place ─────────────────────────────────────────────────────────────────

  async place(input: PlaceOrderInput): Promise<{ order: OrderRow; reused: boolean }> {
    if (await findPaidOrder(this.db, input.email, input.workshopSku))
      throw new AlreadyPurchasedError();
    try {
      return await this.placeOnce(input);
    } catch (error) {
      // Two requests raced to create the open order: the loser reuses the winner's.
      if (isUniqueViolation(error, 'orders_one_open_per_buyer')) return this.placeOnce(input);
      if (isUniqueViolation(error, 'orders_one_paid_per_buyer')) throw new AlreadyPurchasedError();
      throw error;
    }
  }

  private placeOnce(input: PlaceOrderInput): Promise<{ order: OrderRow; reused: boolean }> {
    return this.db.transaction(async (tx) => {
      const open = await lockOpenOrder(tx, input.email, input.workshopSku);
      if (open && sameRequest(open, input)) return { order: open, reused: true };
      if (open) {
        // A changed batch, code or billing: withdraw the old invoice or link, then start afresh.
        await transition(tx, open, 'cancelled', 'replaced by a changed checkout', {
          providerCancelPending: open.providerReference !== null,
          nextCheckAt: new Date(),
        });
        await releaseHolds(tx, open);
      }

      const [batch] = await tx.select().from(batches).where(eq(batches.id, input.batchId));
      if (!batch || batch.workshopSku !== input.workshopSku) throw new BatchUnavailableError();

      const priced = await quote(tx, {
        productSkus: [input.workshopSku],
        countryCode: input.rail === 'zoho_link' ? 'IN' : 'US',
        discountCode: input.discountCode,
      });
      if (priced.discount && !priced.discount.applies) {
        throw new DiscountNotApplicableError(priced.discount.message);
      }
      const line = priced.lines[0]!;
      const code =
        priced.discount?.applies && line.discountPercent > 0 ? priced.discount.code : null;

      if (!(await takeSeat(tx, input.batchId))) throw new BatchUnavailableError();
      if (code && !(await takeDiscountUse(tx, code))) {
        throw new DiscountNotApplicableError(
          'This discount code has already been used the maximum number of times.',
        );
      }

      const id = newOrderId();
      const now = new Date();
      const [order] = await tx
        .insert(orders)
        .values({
          id,
          email: input.email,
          firebaseUid: input.uid,
          rail: input.rail,
          status: 'pending',
          workshopSku: input.workshopSku,
          workshopName: line.productName,
          batchId: batch.id,
          batchDescription: batch.description,
          currency: line.currency,
          subtotalMinor: line.listPriceMinor,
          discountMinor: line.listPriceMinor - line.totalMinor,
          totalMinor: line.totalMinor,
          discountCode: code,
          discountPercent: line.discountPercent,
          billing: input.billing,
          holdExpiresAt: new Date(now.getTime() + this.settings.holdHours * 3600_000),
          invoiceNumber: input.rail === 'paypal_invoice' ? invoiceNumberFor(id) : null,
          // If the request dies before issuing, the reconciler picks the order up.
          nextCheckAt: new Date(now.getTime() + 60_000),
        })
        .returning();
      await recordOrderEvent(tx, order!, 'order placed');
      this.log.info({ order: id, rail: input.rail, totalMinor: line.totalMinor }, 'order placed');
      return { order: order!, reused: false };
    });
  }

  // ── issue ─────────────────────────────────────────────────────────────────

  /**
   * Makes sure the order's invoice or link exists and reached the buyer.
   * A second caller (double click) waits for the first instead of sending
   * another invoice.
   */
  async issue(order: OrderRow): Promise<OrderRow> {
    if (order.status !== 'pending') return order;
    if (!(await acquireProviderLease(this.db, order.id, LEASE_SECONDS))) {
      const settled = await this.waitForOtherIssuer(order.id);
      if (settled.status !== 'pending') return settled;
      if (!(await acquireProviderLease(this.db, order.id, LEASE_SECONDS)))
        throw new OrderBusyError();
    }
    try {
      const current = (await findOrder(this.db, order.id))!;
      if (current.status !== 'pending') return current;
      return await this.issueLeased(current);
    } finally {
      await releaseProviderLease(this.db, order.id);
    }
  }

  private async issueLeased(order: OrderRow): Promise<OrderRow> {
    const gateway = this.gatewayFor(order);
    try {
      const issued = await gateway.issue(order, async (providerReference) => {
        await updateOrder(this.db, order.id, { providerReference });
      });
      const now = new Date();
      const updated = await transition(
        this.db,
        order,
        'awaiting_payment',
        `${gateway.rail} issued`,
        {
          providerReference: issued.providerReference,
          paymentUrl: issued.paymentUrl,
          nextCheckAt: nextCheckAt(now, 0, order.holdExpiresAt),
          checkAttempts: 0,
          lastProviderError: null,
        },
      );
      if (updated) {
        this.log.info(
          { order: order.id, reference: issued.providerReference },
          'payment issued to buyer',
        );
        return updated;
      }
      // The order was replaced or expired meanwhile: withdraw what was just issued.
      return (await updateOrder(this.db, order.id, {
        providerReference: issued.providerReference,
        providerCancelPending: true,
        nextCheckAt: now,
      }))!;
    } catch (error) {
      if (error instanceof ProviderRejectedError) {
        const failed = await this.db.transaction(async (tx) => {
          const closed = await transition(tx, order, 'failed', `provider refused: ${error.code}`, {
            lastProviderError: error.message,
            nextCheckAt: null,
          });
          if (closed) await releaseHolds(tx, closed);
          return closed;
        });
        this.log.error({ order: order.id, code: error.code }, 'provider refused the order');
        if (failed) throw new PaymentRefusedError(error.code);
      }
      const failures = order.checkAttempts + 1;
      await updateOrder(this.db, order.id, {
        lastProviderError: (error as Error).message.slice(0, 500),
        checkAttempts: failures,
        nextCheckAt: retryAfterFailure(new Date(), failures),
      });
      this.log.error(
        { order: order.id, err: isProviderError(error) ? error.message : error },
        'could not issue the payment; the order is kept and will be retried',
      );
      throw new PaymentProviderDownError();
    }
  }

  private async waitForOtherIssuer(orderId: string): Promise<OrderRow> {
    const deadline = Date.now() + (this.settings.issueWaitMs ?? 20_000);
    for (;;) {
      const current = (await findOrder(this.db, orderId))!;
      const leaseOver =
        !current.providerLeaseUntil || current.providerLeaseUntil.getTime() < Date.now();
      if (current.status !== 'pending' || leaseOver || Date.now() > deadline) return current;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  // ── sync ──────────────────────────────────────────────────────────────────

  /** Asks the provider about the order and applies the answer. */
  async sync(order: OrderRow, reason: string): Promise<OrderRow> {
    if (!order.providerReference) return order;
    const state = await this.gatewayFor(order).fetchState(order);
    return this.apply(order, state, reason);
  }

  private async apply(
    order: OrderRow,
    state: ProviderPaymentState,
    reason: string,
  ): Promise<OrderRow> {
    const now = new Date();
    switch (state.kind) {
      case 'paid':
        return this.markPaid(order, reason);
      case 'waiting': {
        if (order.status !== 'awaiting_payment') return order;
        if (order.holdExpiresAt <= now) return this.expire(order);
        return (await updateOrder(this.db, order.id, {
          checkAttempts: order.checkAttempts + 1,
          nextCheckAt: nextCheckAt(now, order.checkAttempts + 1, order.holdExpiresAt),
          lastProviderError: null,
        }))!;
      }
      case 'cancelled':
      case 'expired':
        return this.close(
          order,
          state.kind === 'cancelled' ? 'cancelled' : 'expired',
          `provider: ${state.kind}`,
        );
      case 'refunded':
        return this.markRefunded(order, state.partial);
      case 'mismatch':
        this.log.error({ order: order.id, note: state.note }, 'payment does not match the order');
        return (await updateOrder(this.db, order.id, {
          attention: state.note,
          nextCheckAt: nextCheckAt(now, order.checkAttempts + 1, order.holdExpiresAt),
          checkAttempts: order.checkAttempts + 1,
        }))!;
    }
  }

  private async markPaid(order: OrderRow, reason: string): Promise<OrderRow> {
    let handoffId: string | undefined;
    const result = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (!current || current.status === 'paid' || current.status === 'refunded') return current;
      let attention: string | null = current.attention;
      if (!OPEN_STATUSES.includes(current.status)) {
        // Money arrived after the order was closed: give it its seat back if one is free.
        if (!(await retakeHolds(tx, current))) {
          attention =
            'Paid after the order was closed, and the batch is now full: add a seat or refund.';
        }
      }
      if (await findPaidOrder(tx, current.email, current.workshopSku)) {
        const note = 'Paid twice for the same workshop: refund this payment.';
        await updateOrder(tx, current.id, { attention: note, nextCheckAt: null });
        await recordOrderEvent(tx, current, `payment received on a duplicate order (${reason})`);
        this.log.error({ order: current.id }, note);
        return (await findOrder(tx, current.id))!;
      }
      const paid = await transition(tx, current, 'paid', reason, {
        paidAt: new Date(),
        nextCheckAt: null,
        providerCancelPending: false,
        attention,
      });
      if (paid && !attention) handoffId = await enqueueHandoff(tx, paid, 'enrollment.created');
      return paid;
    });
    if (result?.status === 'paid') this.log.info({ order: order.id }, 'order paid');
    if (handoffId) {
      const id = handoffId;
      // Deliver now for a quick enrolment; the outbox worker retries if this fails.
      void this.handoffs.deliverNow(id).catch((error: unknown) => {
        this.log.error(
          { handoff: id, err: error },
          'immediate hand-off failed; the worker will retry',
        );
      });
    }
    return result ?? order;
  }

  private async markRefunded(order: OrderRow, partial: boolean): Promise<OrderRow> {
    const result = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (!current || current.status !== 'paid') return current;
      if (partial) {
        await updateOrder(tx, current.id, {
          attention: 'Partly refunded at the provider: check access.',
        });
        return (await findOrder(tx, current.id))!;
      }
      const refunded = await transition(tx, current, 'refunded', 'provider: refunded', {
        nextCheckAt: null,
      });
      if (refunded) {
        await releaseHolds(tx, refunded);
        await enqueueHandoff(tx, refunded, 'enrollment.revoked');
      }
      return refunded;
    });
    return result ?? order;
  }

  /** Closes an open order and gives back its holds. */
  private async close(
    order: OrderRow,
    to: 'cancelled' | 'expired',
    reason: string,
  ): Promise<OrderRow> {
    const result = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (!current || !OPEN_STATUSES.includes(current.status)) return current;
      const closed = await transition(tx, current, to, reason, { nextCheckAt: null });
      if (closed) await releaseHolds(tx, closed);
      return closed;
    });
    return result ?? order;
  }

  /** The hold ran out: withdraw the invoice or link first, so it can no longer be paid. */
  private async expire(order: OrderRow): Promise<OrderRow> {
    if (order.providerReference) {
      try {
        await this.gatewayFor(order).cancel(order);
      } catch (error) {
        if (error instanceof PaidAtProviderError) return this.sync(order, 'paid before expiry');
        throw error;
      }
    }
    return this.close(order, 'expired', 'hold expired unpaid');
  }

  // ── reconcile ─────────────────────────────────────────────────────────────

  /**
   * One pass of the reconciler over orders due for a check: finish what a
   * crash or an outage interrupted, notice payments whose webhook was lost,
   * expire unpaid orders, and withdraw replaced invoices and links.
   */
  async reconcileDue(limit = 20): Promise<number> {
    const due = await claimDueOrders(this.db, limit, LEASE_SECONDS);
    for (const order of due) {
      try {
        await this.reconcileOne(order);
      } catch (error) {
        const failures = order.checkAttempts + 1;
        await updateOrder(this.db, order.id, {
          checkAttempts: failures,
          lastProviderError: (error as Error).message.slice(0, 500),
          nextCheckAt: retryAfterFailure(new Date(), failures),
        });
        this.log.warn(
          { order: order.id, err: (error as Error).message },
          'reconciliation will retry',
        );
      }
    }
    return due.length;
  }

  async reconcileOne(order: OrderRow): Promise<OrderRow> {
    const now = new Date();
    if (order.providerCancelPending) return this.withdrawClosed(order);
    if (order.status === 'pending') {
      if (order.holdExpiresAt <= now) return this.expire(order);
      try {
        return await this.issue(order);
      } catch (error) {
        if (error instanceof PaymentProviderDownError || error instanceof PaymentRefusedError) {
          return (await findOrder(this.db, order.id))!;
        }
        throw error;
      }
    }
    if (order.status === 'awaiting_payment') return this.sync(order, 'reconciliation');
    return (await updateOrder(this.db, order.id, { nextCheckAt: null }))!;
  }

  /** A closed order whose invoice or link is still payable at the provider: withdraw it. */
  private async withdrawClosed(order: OrderRow): Promise<OrderRow> {
    try {
      await this.gatewayFor(order).cancel(order);
    } catch (error) {
      if (error instanceof PaidAtProviderError)
        return this.sync(order, 'paid after it was replaced');
      throw error;
    }
    return (await updateOrder(this.db, order.id, {
      providerCancelPending: false,
      nextCheckAt: null,
    }))!;
  }

  private gatewayFor(order: Pick<OrderRow, 'rail'>): PaymentGateway {
    const gateway = this.gateways[order.rail];
    if (!gateway) throw new Error(`No payment gateway configured for ${order.rail}`);
    return gateway;
  }
}

function sameRequest(order: OrderRow, input: PlaceOrderInput): boolean {
  return (
    order.rail === input.rail &&
    order.batchId === input.batchId &&
    (order.discountCode ?? null) === (input.discountCode?.toUpperCase() ?? null) &&
    sameBilling(order.billing, input.billing)
  );
}

function sameBilling(a: BillingSnapshot, b: BillingSnapshot): boolean {
  const keys: (keyof BillingSnapshot)[] = [
    'firstName',
    'lastName',
    'country',
    'isoCode',
    'state',
    'city',
    'zipcode',
    'address',
  ];
  return keys.every((key) => (a[key] ?? '') === (b[key] ?? ''));
}
