/**
 * What anyone may see before signing in: the schedule of every open batch.
 * Public, rate-limited and briefly cacheable; nothing personal is in it.
 */
import { apiRoutes, scheduleResponseSchema } from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { readSchedule } from './schedule';

/** Seats change with purchases: a short shared cache spares the database a burst of visitors. */
const SCHEDULE_CACHE = 'public, max-age=30, stale-while-revalidate=60';

export const scheduleRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    method: 'GET',
    url: apiRoutes.schedule,
    schema: { response: { 200: scheduleResponseSchema } },
    config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async (_request, reply) => {
      reply.header('cache-control', SCHEDULE_CACHE);
      return readSchedule(db);
    },
  });
};
