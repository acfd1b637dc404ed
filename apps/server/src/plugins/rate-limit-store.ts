/**
 * A store for @fastify/rate-limit that keeps its counters in Postgres, so
 * every server instance behind a load balancer counts against the same
 * limit. One atomic upsert per request opens a fixed window or counts a hit
 * in the current one.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import type { WindowCounter } from '../lib/window-counter';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

export function postgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
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
      return new PostgresRateLimitStore(undefined, `${route?.method ?? ''}${route?.url ?? ''}:`);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
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
