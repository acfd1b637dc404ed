/**
 * Background work on every instance, all of it jobs on the one queue: each
 * pass runs the due jobs of every kind the queue handles (order checks,
 * hand-offs to the courses portal, our e-mail) and the recurring work this
 * runner adds as jobs of its own (waitlist offers, the sellers' e-mails of
 * new "Needs attention" items and the daily digest, and now and then the
 * prune of old rate-limit windows and the delete of uploaded images no
 * page section uses). A recurring job is one row keyed by its kind, so one
 * instance at a time runs it; it answers when it runs again.
 *
 * One slow or hung kind (a provider that never answers) must not freeze
 * the others: each kind has the interval as its time budget, after which
 * the pass goes on without it; a kind still running is not started again
 * until it ends. A pass that ran every kind to its end is reported to the
 * instance's `JobPulse`, which readiness and /metrics read.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import { pruneRateLimitCounters } from './http/plugins/rate-limit-store';
import { deleteUnusedImages } from './content/image-cleanup';
import type { SellerMail } from './enrolment/seller-mail';
import type { WaitlistJobs } from './inventory/waitlist/jobs';
import { JobPulse } from './core/jobs/pulse';
import { enqueue, type JobQueue } from './core/jobs/queue';

/** What a step's race against its time budget answers when the budget ran out first. */
const LATE = Symbol('over its time budget');

/** Clean-ups nothing waits for run on the first pass and then once in this many. */
const HOUSEKEEPING_EVERY_PASSES = 20;

/** Long enough for a recurring job to end by its own time-outs; past it, it is due again. */
const RECURRING_LEASE_SECONDS = 300;

export interface JobRunner {
  stop(): Promise<void>;
  /** One pass now (tests and the command-line tool). */
  runOnce(): Promise<void>;
}

export function startJobRunner(
  deps: {
    db: Database;
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
  let passStartedAt = new Date();
  const pulse = deps.pulse ?? new JobPulse();
  pulse.started(intervalSeconds);
  const budgetMs = intervalSeconds * 1000;
  /** Steps still at work after their budget ran out, by name. */
  const unfinished = new Map<string, Promise<unknown>>();
  /** Whether every step of the pass under way ran to its end. */
  let complete = true;

  /** Recurring work by job kind, and how many passes apart it runs. */
  const recurring = new Map<string, [passes: number, run: () => Promise<unknown>]>([
    ['waitlist', [1, () => deps.waitlist.runDue()]],
    ['attention-mail', [1, () => deps.sellerMail.enqueueNewAttention(new Date())]],
    // It writes the digest from the sellers' digest hour on, once a day.
    ['digest', [1, () => deps.sellerMail.enqueueDigestIfDue(new Date())]],
    ['rate-limit-prune', [HOUSEKEEPING_EVERY_PASSES, () => pruneRateLimitCounters(deps.db)]],
    ['unused-images', [HOUSEKEEPING_EVERY_PASSES, () => deleteUnusedImages(deps.db)]],
  ]);
  for (const [kind, [passes, run]] of recurring) {
    deps.queue.handle(kind, {
      leaseSeconds: RECURRING_LEASE_SECONDS,
      run: async () => {
        // A failure waits for its next turn, not for the queue's backoff, which never resets
        // for a job that never ends.
        await run().catch((error: unknown) => {
          deps.log.error({ err: error, kind }, 'a background job failed; will run again');
        });
        // Half an interval early, so the pass `passes` on finds it due whatever the clocks say.
        return { again: new Date(passStartedAt.getTime() + (passes - 0.5) * budgetMs) };
      },
    });
  }
  /** Each recurring job exists once (insert-if-missing): whichever instance starts first writes it. */
  const seed = async () => {
    for (const kind of recurring.keys()) await enqueue(deps.db, kind, {}, { key: kind });
    return true;
  };
  let seeded = false;

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
    passStartedAt = new Date();
    complete = true;
    seeded ||= await step('seed recurring jobs', seed, false);
    const done: Record<string, number> = {};
    // The recurring work first: the e-mail it writes goes out in the same pass.
    const kinds = new Set([...recurring.keys(), ...deps.queue.kinds]);
    for (const kind of kinds) {
      const count = await step(kind, () => deps.queue.runDue({ kinds: [kind] }), 0);
      if (count > 0) done[kind] = count;
    }
    if (complete) pulse.passCompleted();
    if (Object.keys(done).length > 0) deps.log.info(done, 'background jobs ran');
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
