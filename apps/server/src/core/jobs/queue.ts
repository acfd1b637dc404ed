/**
 * The one queue of background work. A job is written with `enqueue` in the
 * same transaction as its cause (an order paid, a message rendered), under
 * a key that names the cause, so the work exists exactly when its cause
 * does and a cause seen twice is still one job.
 *
 * `JobQueue` runs due jobs with the handler registered for their kind.
 * A claim (SKIP LOCKED) pushes the job's `run_at` past the handler's lease,
 * so several instances share the work, never run one job at once, and a
 * job whose instance died is due again by itself. A handler that throws is
 * retried after `retryDelaySeconds`; one that answers `{ again }` runs again
 * then, without counting a failure.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;

export type JobOutcome = void | { again: Date };

export interface JobHandler {
  /** Long enough for one run to end by its own time-outs; past it the job is due again. */
  leaseSeconds: number;
  run(job: JobRow): Promise<JobOutcome>;
}

/** Pause after the n-th failed attempt: 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h. */
export function retryDelaySeconds(failedAttempts: number): number {
  const steps = [30, 120, 600, 1800, 3600];
  return steps[failedAttempts - 1] ?? 3 * 3600;
}

/** Writes the job unless one for the same cause is waiting; answers its id when written. */
export async function enqueue(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  options: { key: string; runAt?: Date },
): Promise<string | undefined> {
  const [row] = await db
    .insert(jobs)
    .values({ id: randomUUID(), kind, key: options.key, payload, runAt: options.runAt })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return row?.id;
}

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  /** Runs started by `runSoon` and not yet ended. */
  private readonly started = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Jobs of a kind nobody handles (mail without an SMTP server) wait in the queue. */
  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** The kinds this queue runs. */
  get kinds(): string[] {
    return [...this.handlers.keys()];
  }

  /** Runs due jobs (up to `limit`, of `kinds` or every handled kind); answers how many succeeded. */
  async runDue(options: { kinds?: string[]; limit?: number } = {}): Promise<number> {
    const kinds = (options.kinds ?? [...this.handlers.keys()]).filter((k) => this.handlers.has(k));
    let done = 0;
    for (const kind of kinds) {
      for (const job of await this.claim(kind, options.limit ?? 20)) {
        if (await this.run(job)) done += 1;
      }
    }
    return done;
  }

  /** Runs the job of `kind` waiting under `key` now, if it is due and nobody else runs it. */
  async runNow(kind: string, key: string): Promise<boolean> {
    if (!this.handlers.has(kind)) return false;
    const [job] = await this.claim(kind, 1, key);
    return job ? this.run(job) : false;
  }

  /** `runNow` without waiting; a failure is left to the next pass. */
  runSoon(kind: string, key: string): void {
    const run = this.runNow(kind, key)
      .catch((error: unknown) => {
        this.log.error(
          { kind, key, err: error },
          'an immediate job failed; the next pass retries it',
        );
      })
      .finally(() => this.started.delete(run));
    this.started.add(run);
  }

  /** Waits for the runs `runSoon` started: a closing app lets them end before its database goes. */
  async settle(): Promise<void> {
    while (this.started.size > 0) await Promise.all(this.started);
  }

  private claim(kind: string, limit: number, key?: string): Promise<JobRow[]> {
    const lease = this.handlers.get(kind)!.leaseSeconds;
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, kind),
          isNull(jobs.doneAt),
          lte(jobs.runAt, sql`now()`),
          key === undefined ? undefined : eq(jobs.key, key),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(jobs)
      .set({ runAt: sql`now() + ${lease} * interval '1 second'` })
      .where(and(inArray(jobs.id, due), isNull(jobs.doneAt)))
      .returning();
  }

  private async run(job: JobRow): Promise<boolean> {
    const handler = this.handlers.get(job.kind)!;
    try {
      const outcome = await handler.run(job);
      if (outcome) {
        await this.db.update(jobs).set({ runAt: outcome.again }).where(eq(jobs.id, job.id));
        return false;
      }
      await this.db
        .update(jobs)
        .set({ doneAt: sql`now()`, attempts: job.attempts + 1, lastError: null })
        .where(eq(jobs.id, job.id));
      return true;
    } catch (caught) {
      const attempts = job.attempts + 1;
      const error = (caught as Error).message || String(caught);
      const delay = retryDelaySeconds(attempts);
      await this.db
        .update(jobs)
        .set({
          attempts,
          lastError: error.slice(0, 1000),
          runAt: sql`now() + ${delay} * interval '1 second'`,
        })
        .where(eq(jobs.id, job.id));
      this.log.error(
        { job: job.id, kind: job.kind, key: job.key, attempts, retryInSeconds: delay, error },
        'a background job failed; will retry',
      );
      return false;
    }
  }
}

/**
 * An outbox whose every message is one job of `kind`, keyed by the
 * message's id: its messages go out with the queue's other jobs.
 */
export class QueuedDelivery {
  constructor(
    protected readonly queue: JobQueue,
    private readonly kind: string,
  ) {}

  /** Sends every due message (up to `limit`); answers how many went through. */
  deliverDue(limit = 20): Promise<number> {
    return this.queue.runDue({ kinds: [this.kind], limit });
  }

  /** Sends one message now if it is still unsent and nobody else is sending it. */
  deliverNow(id: string): Promise<boolean> {
    return this.queue.runNow(this.kind, id);
  }

  /** Sends it now without waiting for the answer; a failure is left to the queue. */
  deliverSoon(id: string): void {
    this.queue.runSoon(this.kind, id);
  }
}
