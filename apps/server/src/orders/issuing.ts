/**
 * Issuing an order: one caller at a time (a provider lease on the order
 * row) asks the rail to create and send the invoice or link. A second
 * caller (a double click on another instance) waits for the first instead
 * of sending another. A provider that is down keeps the order for the
 * reconciler; one that refuses the order's details closes it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import {
  OrderBusyError,
  PaymentProviderDownError,
  PaymentRefusedError,
  PaymentUnconfirmedError,
} from './errors';
import { releaseHolds } from '../inventory/holds';
import { openNote } from './attention';
import { acquireProviderLease, whileLeased } from './leases';
import {
  isRailFailure,
  RailRefusedError,
  RailUnavailableError,
  type PaymentRail,
} from './rail-port';
import {
  checksSoFar,
  findOrder,
  setOrderFields,
  toSnapshot,
  transition,
  updateOrder,
  type OrderRow,
} from './repository';
import { nextCheckAt, retryAfterFailure } from './schedule';

/**
 * How long the provider lease lasts without a heartbeat: a live caller
 * renews it while its call runs; one that died loses it this soon, so an
 * interrupted order is taken over by the next reconcile pass.
 */
export const PROVIDER_LEASE_SECONDS = 15;

export class OrderIssuing {
  constructor(
    private readonly db: Database,
    private readonly railFor: (order: Pick<OrderRow, 'rail'>) => PaymentRail,
    private readonly log: FastifyBaseLogger,
    /** How long a request waits for another request that is issuing the same order. */
    private readonly issueWaitMs: number,
    private readonly leaseSeconds = PROVIDER_LEASE_SECONDS,
  ) {}

  /** Makes sure the order's invoice or link exists and reached the buyer. */
  async issue(order: OrderRow): Promise<OrderRow> {
    if (order.status !== 'pending') return order;
    let current = await acquireProviderLease(this.db, order.id, this.leaseSeconds);
    if (!current) {
      const settled = await this.waitForOtherIssuer(order.id);
      if (settled.status !== 'pending') return settled;
      current = await acquireProviderLease(this.db, order.id, this.leaseSeconds);
      if (!current) throw new OrderBusyError();
    }
    const leased = current;
    return whileLeased(this.db, order.id, this.leaseSeconds, async () =>
      leased.status === 'pending' ? this.issueLeased(leased) : leased,
    );
  }

  private async issueLeased(order: OrderRow): Promise<OrderRow> {
    const rail = this.railFor(order);
    // Marked before a create is sent, so a lost answer is never taken for "nothing was made".
    const unknownBefore = order.providerReference ? null : order.createAttemptedAt;
    if (unknownBefore && !rail.findsLostCreates) return this.awaitProviderWord(order);
    if (!order.providerReference && !unknownBefore) {
      await setOrderFields(this.db, order.id, { createAttemptedAt: new Date() });
    }
    try {
      const issued = await rail.issue(toSnapshot(order), async (providerReference) => {
        await setOrderFields(this.db, order.id, { providerReference, createAttemptedAt: null });
      });
      const now = new Date();
      const updated = await transition(this.db, order, 'awaiting_payment', `${rail.rail} issued`, {
        providerReference: issued.providerReference,
        paymentUrl: issued.paymentUrl,
        nextCheckAt: nextCheckAt(now, 0, order.holdExpiresAt),
        checkAttempts: 0,
        lastProviderError: null,
      });
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
      // The provider said no, or answered that it failed: this attempt made nothing.
      const madeNothing =
        error instanceof RailRefusedError ||
        (error instanceof RailUnavailableError && !error.outcomeUnknown);
      if (madeNothing && !unknownBefore) {
        await setOrderFields(this.db, order.id, { createAttemptedAt: null });
      }
      if (error instanceof RailRefusedError) {
        const failed = await this.closeRefused(order, error);
        if (failed) throw new PaymentRefusedError(error.code);
      }
      const mayHaveMade = error instanceof RailUnavailableError && error.outcomeUnknown;
      if (mayHaveMade && !rail.findsLostCreates) {
        const current = (await findOrder(this.db, order.id)) ?? order;
        if (!current.providerReference) return this.awaitProviderWord(current, error);
      }
      await this.keepForRetry(order, error);
      throw new PaymentProviderDownError();
    }
  }

  /**
   * An earlier create may have made an invoice or link that this rail cannot
   * look up, and the provider may have sent it to the buyer: making another
   * could get both paid. The order keeps its seat and waits for the
   * provider's webhook about it, or for the seller, who can search the
   * provider's dashboard by our order id; unanswered, it expires with its hold.
   */
  private async awaitProviderWord(order: OrderRow, cause?: Error): Promise<never> {
    if (await openNote(this.db, order.id, { kind: 'lost-create', details: {} })) {
      await updateOrder(this.db, order.id, {
        lastProviderError: cause?.message.slice(0, 500) ?? order.lastProviderError,
        nextCheckAt: order.holdExpiresAt,
      });
      this.log.error(
        { order: order.id, err: cause?.message },
        'a create answer was lost and the rail cannot look it up; the seller must check',
      );
    }
    throw new PaymentUnconfirmedError();
  }

  private closeRefused(order: OrderRow, error: RailRefusedError) {
    this.log.error({ order: order.id, code: error.code }, 'provider refused the order');
    return this.db.transaction(async (tx) => {
      const closed = await transition(tx, order, 'failed', `provider refused: ${error.code}`, {
        lastProviderError: error.message,
        nextCheckAt: null,
      });
      if (closed) await releaseHolds(tx, closed);
      return closed;
    });
  }

  private async keepForRetry(order: OrderRow, error: unknown): Promise<void> {
    const failures = (await checksSoFar(this.db, order.id)) + 1;
    await updateOrder(this.db, order.id, {
      lastProviderError: (error as Error).message.slice(0, 500),
      checkAttempts: failures,
      nextCheckAt: retryAfterFailure(new Date(), failures),
    });
    this.log.error(
      { order: order.id, err: isRailFailure(error) ? error.message : error },
      'could not issue the payment; the order is kept and will be retried',
    );
  }

  private async waitForOtherIssuer(orderId: string): Promise<OrderRow> {
    const deadline = Date.now() + this.issueWaitMs;
    for (;;) {
      const current = (await findOrder(this.db, orderId))!;
      const leaseOver =
        !current.providerLeaseUntil || current.providerLeaseUntil.getTime() < Date.now();
      if (current.status !== 'pending' || leaseOver || Date.now() > deadline) return current;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
