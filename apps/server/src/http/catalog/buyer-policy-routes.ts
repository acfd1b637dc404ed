/**
 * GET /api/buyer-policy (beyond the spec): what a buyer may do with a paid
 * order placed now, which the checkout pages show before paying. Public and
 * rate-limited: the seller's policy and nothing personal, one read by key.
 */
import { buyerOrderRoutes, buyerPolicyResponseSchema } from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { refusedForSeconds } from '../plugins/rate-limit-store';
import { currentBuyerPolicy } from '../../catalog/buyer-policy';

export const buyerPolicyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    method: 'GET',
    url: buyerOrderRoutes.policy,
    schema: { response: { 200: buyerPolicyResponseSchema } },
    config: {
      access: 'public',
      rateLimit: { max: 120, timeWindow: '1 minute', errorResponseBuilder: refusedForSeconds },
    },
    handler: async (_request, reply) => {
      // The order takes the policy of the moment it is placed: the page must not show an old one.
      reply.header('cache-control', 'no-cache');
      return { policy: await currentBuyerPolicy(db) };
    },
  });
};
