/** GET /api/me — the signed-in caller as this site sees them: their address, and whether they sell. */
import { apiRoutes, meResponseSchema } from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIdentity } from '../../plugins/authentication';

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
