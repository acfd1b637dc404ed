/**
 * The reconciler: each order's next check is an `order.check` job, run by
 * the one job queue, so many instances share the work. It finishes what a crash or an
 * outage interrupted (issuing), notices payments whose webhook was lost,
 * expires unpaid orders, and withdraws invoices and links of replaced
 * orders.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { JobQueue, type JobOutcome, type JobRow } from '../core/jobs/queue';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { PaymentProviderDownError, PaymentRefusedError, PaymentUnconfirmedError } from './errors';
import type { OrderIssuing } from './issuing';
import { findOrder, ORDER_CHECK_JOB, updateOrder, type OrderRow } from './repository';
import { retryAfterFailure } from './schedule';
import type { OrderSettlement } from './settlement';

/**
 * How long a claimed check is left to the instance that claimed it. A
 * provider call answers or times out well within it; if that instance dies,
 * the order is due again this soon.
 */
const CLAIM_SECONDS = 30;

export class OrderReconciler {
  /** Checks run by this instance, so a pass can say how many orders it looked at. */
  private checksRun = 0;

  constructor(
    private readonly db: Database,
    private readonly issuing: OrderIssuing,
    private readonly settlement: OrderSettlement,
    private readonly log: FastifyBaseLogger,
    private readonly queue = new JobQueue(db, log),
  ) {
    queue.handle(ORDER_CHECK_JOB, { leaseSeconds: CLAIM_SECONDS, run: (job) => this.check(job) });
  }

  /** One pass over the due checks; answers how many orders it looked at. */
  async reconcileDue(limit = 20): Promise<number> {
    const before = this.checksRun;
    await this.queue.runDue({ kinds: [ORDER_CHECK_JOB], limit });
    return this.checksRun - before;
  }

  /**
   * One order's check. What it does schedules the next one on this job (or
   * ends it); left as claimed, the order is looked at again after the claim.
   * A failure counts as a check and backs off by the order's own steps (at
   * most an hour apart), not the queue's: an unpaid order must not wait hours.
   */
  private async check(job: JobRow): Promise<JobOutcome> {
    const order = await findOrder(this.db, job.key);
    if (!order) return;
    this.checksRun += 1;
    try {
      await this.reconcileOne(order);
    } catch (error) {
      const failures = job.attempts + 1;
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
    const [next] = await this.db.select().from(jobs).where(eq(jobs.id, job.id));
    return next && !next.doneAt ? { again: next.runAt } : undefined;
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
