/**
 * Periodic work on every instance: reconcile orders with the providers,
 * deliver hand-offs to the courses portal, and prune old rate-limit
 * windows. The work is claimed in the database (SKIP LOCKED), so any
 * number of instances can run this at once without doing anything twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { pruneRateLimitCounters } from '../../plugins/rate-limit-store';
import type { HandoffDeliverer } from '../handoff/outbox';
import type { OrderService } from '../orders/service';

export interface JobRunner {
  stop(): Promise<void>;
  /** One pass now (tests and the command-line tool). */
  runOnce(): Promise<void>;
}

export function startJobRunner(
  deps: { db: Database; orders: OrderService; handoffs: HandoffDeliverer; log: FastifyBaseLogger },
  intervalSeconds: number,
): JobRunner {
  let running: Promise<void> | undefined;
  let ticks = 0;

  const runOnce = async () => {
    try {
      const reconciled = await deps.orders.reconcileDue();
      const delivered = await deps.handoffs.deliverDue();
      if (ticks % 20 === 0) await pruneRateLimitCounters(deps.db);
      ticks += 1;
      if (reconciled > 0 || delivered > 0)
        deps.log.info({ reconciled, delivered }, 'background jobs ran');
    } catch (error) {
      deps.log.error({ err: error }, 'background jobs failed; will run again');
    }
  };

  const timer = setInterval(() => {
    running ??= runOnce().finally(() => {
      running = undefined;
    });
  }, intervalSeconds * 1000);
  timer.unref();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
