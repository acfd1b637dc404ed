/**
 * GET /api/me — the signed-in caller as this site sees them: their address, and whether they sell.
 * GET /api/me/enrolments — the batches they have paid for, each with its calendar file.
 */
import { apiRoutes, meResponseSchema, myEnrolmentsResponseSchema } from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { requireIdentity } from '../plugins/authentication';
import { listEnrolments } from './enrolments';

export const identityRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    method: 'GET',
    url: apiRoutes.me,
    schema: { response: { 200: meResponseSchema } },
    config: { access: 'signed-in' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const identity = requireIdentity(request);
      return { email: identity.email, seller: app.isSeller(identity) };
    },
  });

  app.route({
    method: 'GET',
    url: apiRoutes.myEnrolments,
    schema: { response: { 200: myEnrolmentsResponseSchema } },
    config: { access: 'signed-in' },
    handler: async (request, reply) => {
      // One buyer's purchases: never kept by a browser or a shared cache.
      reply.header('cache-control', 'no-store');
      const identity = requireIdentity(request);
      return { enrolments: await listEnrolments(db, identity.email) };
    },
  });
};
