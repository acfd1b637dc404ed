/**
 * Rate limits of the public catalog reads (pricing, the schedule): by far
 * the most frequent calls, and costing nothing outside. They count in
 * memory between the shared store's flushes (`countInMemory` in
 * rate-limit-store.ts), so the check needs no waiting and runs as a plain
 * synchronous `onRequest` hook. Through @fastify/rate-limit's asynchronous
 * hook the same count took about a tenth of such a request's time under
 * load (`npm run bench:api`).
 *
 * The caller sees what @fastify/rate-limit answers elsewhere: the
 * `x-ratelimit-*` headers on every answer, and past the limit 429 with
 * Retry-After. Keys are the route and the client address (an IPv6 address
 * by its /64, as the library does), so the shared rows are the same.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { HttpError } from '../lib/http-error';
import { networkOf } from './rate-limit-keys';
import { routeLimitPrefix, type SharedRateLimits } from './rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared counters, when rate limits are on. */
    sharedRateLimits?: SharedRateLimits;
  }
}

const WINDOW_MS = 60_000;

/**
 * The `onRequest` hooks of a public read allowed `max` calls a minute per
 * client address: none when rate limits are off (benchmarks and tests of
 * other things only; production refuses to start so).
 */
export function readLimit(
  app: FastifyInstance,
  route: { method: string; url: string; max: number },
): onRequestHookHandler[] {
  const limits = app.sharedRateLimits;
  if (!limits) return [];
  const { max } = route;
  const prefix = routeLimitPrefix(route.method, route.url);
  return [
    (request, reply, done) => {
      const { current, ttl } = limits.countInMemory(prefix + networkOf(request.ip), WINDOW_MS);
      const resetSeconds = Math.ceil(ttl / 1000);
      reply.header('x-ratelimit-limit', max);
      reply.header('x-ratelimit-remaining', Math.max(0, max - current));
      reply.header('x-ratelimit-reset', resetSeconds);
      if (current <= max) {
        done();
        return;
      }
      reply.header('retry-after', resetSeconds);
      done(new HttpError(429, `Rate limit exceeded, retry in ${resetSeconds} seconds`));
    },
  ];
}
