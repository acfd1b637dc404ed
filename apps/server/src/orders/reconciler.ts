/**
 * The reconcile loop: one pass over the orders due for a check, claimed so
 * that many instances share the work. It finishes what a crash or an
 * outage interrupted (issuing), notices payments whose webhook was lost,
 * expires unpaid orders, and withdraws invoices and links of replaced
 * orders.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { PaymentProviderDownError, PaymentRefusedError, PaymentUnconfirmedError } from './errors';
import type { OrderIssuing } from './issuing';
import { claimDueOrders } from './leases';
import { findOrder, updateOrder, type OrderRow } from './repository';
import { retryAfterFailure } from './schedule';
import type { OrderSettlement } from './settlement';

/**
 * How long a claimed order is left to the instance that claimed it. A
 * provider call answers or times out well within it; if that instance dies,
 * the order is due again this soon.
 */
const CLAIM_SECONDS = 30;

export class OrderReconciler {
  constructor(
    private readonly db: Database,
    private readonly issuing: OrderIssuing,
    private readonly settlement: OrderSettlement,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One pass; answers how many orders it looked at. */
  async reconcileDue(limit = 20): Promise<number> {
    const due = await claimDueOrders(this.db, limit, CLAIM_SECONDS);
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
    if (order.providerCancelPending) return this.settlement.withdrawClosed(order);
    if (order.status === 'pending') {
      if (order.holdExpiresAt <= new Date()) return this.settlement.expire(order);
      // A live caller (a checkout request, another instance) is issuing it: look again after.
      const leaseUntil = order.providerLeaseUntil;
      if (leaseUntil && leaseUntil.getTime() > Date.now()) {
        return (await updateOrder(this.db, order.id, {
          nextCheckAt: new Date(leaseUntil.getTime() + 1000),
        }))!;
      }
      try {
        return await this.issuing.issue(order);
      } catch (error) {
        const kept =
          error instanceof PaymentProviderDownError ||
          error instanceof PaymentRefusedError ||
          error instanceof PaymentUnconfirmedError;
        if (kept) {
          return (await findOrder(this.db, order.id))!;
        }
        throw error;
      }
    }
    if (order.status === 'awaiting_payment') return this.settlement.sync(order, 'reconciliation');
    return (await updateOrder(this.db, order.id, { nextCheckAt: null }))!;
  }
}
