/**
 * A store for @fastify/rate-limit that keeps its counters in Postgres, so
 * every server instance behind a load balancer counts against the same
 * limit.
 *
 * Limits that guard something costly (a provider's quota, a budget, an
 * order) count exactly: one atomic upsert per request, through the store.
 * The public catalog reads are far more frequent and cost nothing outside,
 * so they count without a database write on each request
 * (`countInMemory`, used by `plugins/read-limits.ts`): each instance counts
 * hits in memory and answers at once from its own count plus the shared
 * total it last read, and adds its counts to the shared rows in one upsert
 * per flush (every 200 ms), reading back the totals that others changed
 * too (see `addHits`).
 *
 * The price of answering at once is a bounded overshoot: between two
 * flushes an instance does not see what the others counted, so in the
 * worst case each instance admits up to the limit on its own before the
 * totals reach it. One instance counts exactly; with n instances a window
 * admits at most n × the limit, and in practice the limit plus what
 * arrives at the others within one flush. A failed flush keeps its counts
 * for the next one (counting twice rather than never).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import type { WindowCounter } from '../lib/window-counter';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** How often an instance adds its counts to the shared rows. */
export const RATE_LIMIT_FLUSH_MS = 200;
/** Keys per upsert, so one flush never holds a long statement. */
const ROWS_PER_FLUSH_STATEMENT = 2000;

interface Window {
  /** The shared total as of this instance's last flush (its own flushed hits included). */
  shared: number;
  /** Hits not flushed yet. */
  pending: number;
  /** Hits being flushed now. */
  flushing: number;
  windowMs: number;
  /** When the window ends (ms since the epoch), as the shared row last said. */
  endsAt: number;
}

/** A window's count after a hit, and how long the window has left (ms). */
export interface WindowHit {
  current: number;
  ttl: number;
}

export interface SharedRateLimits {
  /** The store class to hand @fastify/rate-limit: exact counts, one upsert per request. */
  store: FastifyRateLimitStoreCtor;
  /** Counts a hit in memory, answering at once; the flushes add it to the shared rows. */
  countInMemory(key: string, windowMs: number): WindowHit;
  /** Adds the counts so far to the shared rows (the timer calls it; tests may too). */
  flush(): Promise<void>;
  /** Flushes what is left and stops the timer. */
  close(): Promise<void>;
}

export function postgresRateLimitStore(
  db: Database,
  options: { flushEveryMs?: number } = {},
): SharedRateLimits {
  const windows = new Map<string, Window>();
  let flushing: Promise<void> | undefined;

  const countInMemory = (key: string, windowMs: number): WindowHit => {
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { shared: 0, pending: 0, flushing: 0, windowMs, endsAt: now + windowMs };
      windows.set(key, window);
    }
    window.pending += 1;
    return {
      current: window.shared + window.flushing + window.pending,
      ttl: Math.max(0, window.endsAt - now),
    };
  };

  const flushOnce = async () => {
    const now = Date.now();
    const batch: { key: string; window: Window; amount: number }[] = [];
    for (const [key, window] of windows) {
      if (window.pending > 0) {
        batch.push({ key, window, amount: window.pending });
        window.flushing += window.pending;
        window.pending = 0;
      } else if (window.endsAt <= now && window.flushing === 0) {
        windows.delete(key);
      }
    }
    for (let start = 0; start < batch.length; start += ROWS_PER_FLUSH_STATEMENT) {
      const part = batch.slice(start, start + ROWS_PER_FLUSH_STATEMENT);
      try {
        const totals = await addHits(
          db,
          part.map(({ key, window, amount }) => ({
            key,
            amount,
            windowMs: window.windowMs,
            expected: window.shared + amount,
          })),
        );
        const readAt = Date.now();
        for (const { key, window, amount } of part) {
          window.flushing -= amount;
          const total = totals.get(key);
          if (total) {
            window.shared = total.hits;
            window.endsAt = readAt + total.ttlMs;
          } else {
            // Not answered: the row holds what this instance expected, in the window it knows.
            window.shared += amount;
          }
        }
      } catch (error) {
        for (const { window, amount } of part) {
          window.flushing -= amount;
          window.pending += amount;
        }
        throw error;
      }
    }
  };

  const flush = () => {
    flushing ??= flushOnce().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };

  const timer = setInterval(() => {
    // A failed flush keeps its counts for the next one; the limits err on the side of counting.
    flush().catch(() => {});
  }, options.flushEveryMs ?? RATE_LIMIT_FLUSH_MS);
  timer.unref();

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'global:',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      countHit(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new PostgresRateLimitStore(undefined, routeLimitPrefix(route?.method, route?.url));
    }
  }

  return {
    store: PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor,
    countInMemory,
    flush,
    async close() {
      clearInterval(timer);
      await flush().catch(() => {});
    },
  };
}

/** The start of a route limit's key: the same whichever way the route counts. */
export const routeLimitPrefix = (method = '', url = '') => `${method}${url}:`;

/**
 * Adds each key's hits to its open window (opening one where none is) and
 * answers the totals that differ from what the instance expects: a window
 * opened here (its end is new), or one others counted in too. A key not
 * answered holds exactly `expected`, the instance's last total plus its
 * hits, in the window it already knows; with one instance that is nearly
 * every key, so a flush of a thousand keys reads back a handful of rows.
 * The rows travel as four array parameters, so the statement is the same
 * text however many keys a flush carries: cheap to build and to plan, with
 * no JSON to write or take apart.
 */
async function addHits(
  db: Database,
  hits: { key: string; amount: number; windowMs: number; expected: number }[],
): Promise<Map<string, { hits: number; ttlMs: number }>> {
  if (hits.length === 0) return new Map();
  const column = <T>(pick: (hit: (typeof hits)[number]) => T) => sql.param(hits.map(pick));
  const result = (await db.execute(sql`
    with input as (
      select * from unnest(
        ${column((hit) => hit.key)}::text[],
        ${column((hit) => hit.amount)}::int[],
        ${column((hit) => hit.windowMs)}::int[],
        ${column((hit) => hit.expected)}::int[]
      ) as input (key, amount, window_ms, expected)
    ), added as (
      insert into rate_limit_counters as counter (key, hits, reset_at)
      select key, amount, now() + window_ms * interval '1 millisecond' from input
      on conflict (key) do update set
        hits = case when counter.reset_at <= now() then excluded.hits
                    else counter.hits + excluded.hits end,
        reset_at = case when counter.reset_at <= now() then excluded.reset_at
                        else counter.reset_at end
      returning key, hits, reset_at
    )
    select added.key, added.hits,
      greatest(0, ceil(extract(epoch from (added.reset_at - now())) * 1000))::int as ttl_ms
    from added join input using (key)
    where added.hits <> input.expected
       or added.reset_at = now() + input.window_ms * interval '1 millisecond'
  `)) as unknown as { rows: { key: string; hits: number; ttl_ms: number }[] };
  return new Map(
    result.rows.map((row) => [row.key, { hits: Number(row.hits), ttlMs: Number(row.ttl_ms) }]),
  );
}

/**
 * The same counters for limits of our own (bytes of browser logs, calls to
 * a provider): keys are namespaced so they never meet a route's.
 */
export function postgresWindowCounter(db: Database): WindowCounter {
  return async (key, windowMs, amount = 1) => {
    const { current, ttl } = await countHit(db, `count:${key}`, windowMs, amount);
    return { total: current, resetInMs: ttl };
  };
}

async function countHit(
  db: Database,
  key: string,
  timeWindowMs: number,
  amount = 1,
): Promise<{ current: number; ttl: number }> {
  const window = sql`(now() + ${timeWindowMs} * interval '1 millisecond')`;
  const expired = sql`${rateLimitCounters.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: amount, resetAt: window })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${expired} then ${amount}::int else ${rateLimitCounters.hits} + ${amount}::int end`,
        resetAt: sql`case when ${expired} then ${window} else ${rateLimitCounters.resetAt} end`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      ttlMs: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.resetAt} - now())) * 1000))::int`,
    });
  if (!row) throw new Error('rate-limit upsert returned no row');
  return { current: row.hits, ttl: Number(row.ttlMs) };
}

/** Deletes windows that ended; run from the periodic maintenance job. */
export async function pruneRateLimitCounters(db: Database): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.resetAt, sql`now() - interval '1 minute'`))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}
