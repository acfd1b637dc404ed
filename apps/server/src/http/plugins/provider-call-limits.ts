/**
 * Limits for the routes that may cost a call to PayPal or Zoho (their
 * quotas are the seller's): one per signed-in user (per address without a
 * token) and one per client address, however many accounts it uses. Both
 * count in Postgres through @fastify/rate-limit's store and answer 429 with
 * Retry-After. Per minute.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userOrAddressKey } from './rate-limit-keys';
import { refusedForSeconds } from './rate-limit-store';

export interface CallLimits {
  perUser: number;
  perAddress: number;
}

export const PROVIDER_CALL_LIMITS = {
  contactLookup: { perUser: 20, perAddress: 60 },
  contactCreate: { perUser: 10, perAddress: 30 },
  paypalCheckout: { perUser: 20, perAddress: 60 },
  zohoCheckout: { perUser: 20, perAddress: 60 },
  paymentStatus: { perUser: 30, perAddress: 90 },
  appliedDiscount: { perUser: 30, perAddress: 90 },
  buyerOrderAction: { perUser: 20, perAddress: 60 },
} satisfies Record<string, CallLimits>;

const WINDOW_MS = 60_000;

/**
 * Route options of a signed-in route that may cost a provider call: its
 * access, the per-user limit as route config, the per-address one as an
 * onRequest hook (it runs before the token is verified, so a flood costs no
 * verification either).
 */
export function providerCallLimits(app: FastifyInstance, name: keyof typeof PROVIDER_CALL_LIMITS) {
  const limits: CallLimits = PROVIDER_CALL_LIMITS[name];
  return {
    config: {
      access: 'signed-in' as const,
      rateLimit: {
        max: limits.perUser,
        timeWindow: WINDOW_MS,
        keyGenerator: userOrAddressKey,
        acrossInstances: true,
      },
    },
    onRequest: addressLimit(app, name, limits.perAddress),
  };
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * `onRequest` hooks that allow `max` calls a minute per client address to
 * the routes counted under `name`, whatever token they carry.
 */
export function addressLimit(app: FastifyInstance, name: string, max: number): Hook[] {
  // Not registered when rate limits are switched off (benchmarks only).
  if (!app.hasDecorator('createRateLimit')) return [];
  // @fastify/rate-limit runs one route limit per request; a second is checked by hand.
  const check = app.createRateLimit({
    max,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `${name}:ip:${request.ip}`,
    acrossInstances: true,
  });
  return [
    async (request, reply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw refusedForSeconds(request, result);
    },
  ];
}
