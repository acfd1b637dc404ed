import {
  apiRoutes,
  autoEnrollmentRequestSchema,
  autoEnrollmentResponseSchema,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { recordLead } from '../../interest/repository';

/** POST /api/learning-availability/auto-enrollment — no sign-in needed (spec section 7). */
export const leadRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    method: 'POST',
    url: apiRoutes.autoEnrollment,
    schema: {
      body: autoEnrollmentRequestSchema,
      response: { 200: autoEnrollmentResponseSchema },
    },
    config: {
      access: 'public',
      rateLimit: { max: 20, timeWindow: '1 minute', acrossInstances: true },
    },
    handler: async (request) => {
      await recordLead(db, request.body.userEmail);
      request.log.info({ lead: 'recorded' }, 'lead recorded');
      return { recorded: true } as const;
    },
  });
};
