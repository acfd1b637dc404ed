/**
 * Periodic work on every instance: reconcile orders with the providers,
 * write the sellers' e-mails (new "Needs attention" items, the daily
 * digest), run the job queue (hand-offs to the courses portal, our e-mail),
 * and now and then prune old rate-limit windows and delete uploaded images
 * no page section uses. The work is claimed in the database (SKIP LOCKED,
 * or locks the clean-ups take), so any number of instances can run this at
 * once without doing anything twice.
 *
 * One slow or hung step (a provider that never answers) must not freeze
 * the others: each step has the interval as its time budget, after which
 * the pass goes on without it; a step still running is not started again
 * until it ends. A pass that ran every step to its end is reported to the
 * instance's `JobPulse`, which readiness and /metrics read.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import { pruneRateLimitCounters } from './http/plugins/rate-limit-store';
import { deleteUnusedImages } from './content/image-cleanup';
import type { SellerMail } from './enrolment/seller-mail';
import type { OrderService } from './orders/service';
import type { WaitlistJobs } from './inventory/waitlist/jobs';
import { JobPulse } from './core/jobs/pulse';
import type { JobQueue } from './core/jobs/queue';

/** What a step's race against its time budget answers when the budget ran out first. */
const LATE = Symbol('over its time budget');

/** Clean-ups nothing waits for run on the first pass and then once in this many. */
const HOUSEKEEPING_EVERY_TICKS = 20;

export interface JobRunner {
  stop(): Promise<void>;
  /** One pass now (tests and the command-line tool). */
  runOnce(): Promise<void>;
}

export function startJobRunner(
  deps: {
    db: Database;
    orders: OrderService;
    queue: JobQueue;
    sellerMail: SellerMail;
    waitlist: WaitlistJobs;
    log: FastifyBaseLogger;
    /** This instance's record of complete passes (readiness, /metrics). */
    pulse?: JobPulse;
  },
  intervalSeconds: number,
): JobRunner {
  let running: Promise<void> | undefined;
  let ticks = 0;
  const pulse = deps.pulse ?? new JobPulse();
  pulse.started(intervalSeconds);
  const budgetMs = intervalSeconds * 1000;
  /** Steps still at work after their budget ran out, by name. */
  const unfinished = new Map<string, Promise<unknown>>();
  /** Whether every step of the pass under way ran to its end. */
  let complete = true;

  /**
   * One step's failure is logged and must not keep the others (say, sending
   * mail) from running, nor may its slowness: after its budget the pass goes
   * on with `fallback`, and the step is not started again while it runs.
   */
  const step = async <T>(name: string, work: () => Promise<T>, fallback: T): Promise<T> => {
    if (unfinished.has(name)) {
      complete = false;
      deps.log.warn({ step: name }, 'a background job is still running; skipped in this pass');
      return fallback;
    }
    const done = work().catch((error: unknown) => {
      deps.log.error({ err: error, step: name }, 'a background job failed; will run again');
      return fallback;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<typeof LATE>((resolve) => {
      timer = setTimeout(() => resolve(LATE), budgetMs);
    });
    const outcome = await Promise.race([done, late]);
    clearTimeout(timer);
    if (outcome !== LATE) return outcome;
    complete = false;
    deps.log.error(
      { step: name, budgetMs },
      'a background job is over its time budget; the others go on without it',
    );
    unfinished.set(
      name,
      done.finally(() => unfinished.delete(name)),
    );
    return fallback;
  };

  const runOnce = async () => {
    const now = new Date();
    complete = true;
    const reconciled = await step('reconcile', () => deps.orders.reconcileDue(), 0);
    const waitlist = await step('waitlist', () => deps.waitlist.runDue(), {
      expired: 0,
      offered: 0,
    });
    const noticed = await step('attention mail', () => deps.sellerMail.enqueueNewAttention(now), 0);
    const digest = await step('digest', () => deps.sellerMail.enqueueDigestIfDue(now), false);
    const queued = await step('queue', () => deps.queue.runDue(), 0);
    let unusedImages = 0;
    if (ticks % HOUSEKEEPING_EVERY_TICKS === 0) {
      await step('prune', () => pruneRateLimitCounters(deps.db), undefined);
      unusedImages = await step('unused images', () => deleteUnusedImages(deps.db), 0);
    }
    ticks += 1;
    if (complete) pulse.passCompleted();
    const offers = waitlist.expired + waitlist.offered;
    if (reconciled > 0 || offers > 0 || noticed > 0 || digest || queued > 0 || unusedImages > 0)
      deps.log.info(
        { reconciled, offers, noticed, digest, queued, unusedImages },
        'background jobs ran',
      );
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
      await Promise.all(unfinished.values());
    },
  };
}
