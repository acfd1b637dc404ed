/**
 * The store handed to @fastify/rate-limit. A limit that guards money or an
 * outside call (checkouts, provider calls, sign-in links, browser logs,
 * waitlist joins) says `acrossInstances: true` and counts in Postgres, so
 * every instance behind a load balancer counts against the same limit: one
 * upsert per request adds the hit and answers the window's count. Every
 * other limit (the cheap public reads) counts in this instance's memory, in
 * the library's own store: with n instances a window admits up to n × the
 * limit, which costs nothing those reads do not already cost.
 */
import { createRequire } from 'node:module';
import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  errorResponseBuilderContext,
} from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { WindowCounter } from '../../lib/window-counter';

declare module '@fastify/rate-limit' {
  interface CreateRateLimitOptions {
    /** Counts in Postgres, exactly, across every instance; otherwise in this instance's memory. */
    acrossInstances?: boolean;
  }
}

type StoreOptions = Parameters<FastifyRateLimitStore['child']>[0] & { acrossInstances?: boolean };

// The library's in-memory store, which it exports only by path.
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => FastifyRateLimitStore;

export function rateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  const memory = new LocalStore(false, false);

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'global:',
    ) {}

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number) {
      countHit(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(options: StoreOptions): FastifyRateLimitStore {
      if (!options.acrossInstances) return memory.child(options);
      const route = (options as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new PostgresRateLimitStore(undefined, `${route?.method ?? ''}${route?.url ?? ''}:`);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** A 429 that names the wait in seconds, for limits that answer so (`errorResponseBuilder`). */
export const refusedForSeconds = (
  _request: unknown,
  { ttl }: Pick<errorResponseBuilderContext, 'ttl'>,
): HttpError =>
  new HttpError(429, `Rate limit exceeded, retry in ${Math.ceil(ttl / 1000)} seconds`);

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
