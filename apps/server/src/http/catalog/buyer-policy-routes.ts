/**
 * GET /api/buyer-policy and GET /api/group-sales (beyond the spec): what a
 * buyer may do with a paid order placed now, and how several seats are
 * priced, which the checkout pages show before paying. Public and
 * rate-limited: the seller's settings and nothing personal, one read by key.
 */
import {
  buyerOrderRoutes,
  buyerPolicyResponseSchema,
  groupOrderRoutes,
  groupSalesResponseSchema,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { refusedForSeconds } from '../plugins/rate-limit-store';
import { currentBuyerPolicy } from '../../catalog/buyer-policy';
import { currentGroupSales } from '../../catalog/group-sales';

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

  app.route({
    method: 'GET',
    url: groupOrderRoutes.settings,
    schema: { response: { 200: groupSalesResponseSchema } },
    config: {
      access: 'public',
      rateLimit: { max: 120, timeWindow: '1 minute', errorResponseBuilder: refusedForSeconds },
    },
    handler: async (_request, reply) => {
      // Placement prices by the row of its moment: the page must not show an old tier.
      reply.header('cache-control', 'no-cache');
      return { settings: await currentGroupSales(db) };
    },
  });
};
