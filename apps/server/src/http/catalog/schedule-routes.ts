/**
 * What anyone may see before signing in: the schedule of every open batch,
 * and each batch's sessions as a calendar file. Public, rate-limited and
 * briefly cacheable; nothing personal is in either.
 */
import { apiRoutes, batchCalendarParamsSchema, scheduleResponseSchema } from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { answerFrom } from '../../lib/frozen-answers';
import { HttpError } from '../../lib/http-error';
import { refusedForSeconds } from '../plugins/rate-limit-store';
import { calendarFilename, sessionsCalendar } from '../../core/time/calendar';
import type { CatalogReads } from '../../catalog/cached-reads';
import { findBatchCalendar } from '../../catalog/schedule';

/** Seats change with purchases: a short shared cache spares the database a burst of visitors. */
const SCHEDULE_CACHE = 'public, max-age=30, stale-while-revalidate=60';
/** Session times change rarely, and a calendar program fetches the file once. */
const CALENDAR_CACHE = 'public, max-age=300';

export interface ScheduleRouteOptions {
  db: Database;
  /** The schedule comes from the catalog cache. */
  catalog: CatalogReads;
  /** The site's address: its host makes the calendar events' ids unique. */
  siteUrl: string;
  coursesPortalUrl: string;
}

export const scheduleRoutes: FastifyPluginAsyncZod<ScheduleRouteOptions> = async (
  app,
  { db, catalog, siteUrl, coursesPortalUrl },
) => {
  const uidDomain = new URL(siteUrl).hostname;

  app.route({
    method: 'GET',
    url: apiRoutes.schedule,
    schema: { response: { 200: scheduleResponseSchema } },
    config: {
      access: 'public',
      rateLimit: { max: 120, timeWindow: '1 minute', errorResponseBuilder: refusedForSeconds },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', SCHEDULE_CACHE);
      // The same frozen answer while the catalog holds the same schedule: checked and written once.
      return answerFrom(await catalog.schedule(), (schedule) => schedule);
    },
  });

  app.route({
    method: 'GET',
    url: apiRoutes.batchCalendar,
    schema: { params: batchCalendarParamsSchema },
    // A buyer adds a batch to a calendar once; a program re-fetching it does so hourly at most.
    config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const batch = await findBatchCalendar(db, request.params.batchId);
      if (!batch) throw new HttpError(404, 'There is no batch with this id.');
      if (batch.sessions.length === 0) {
        throw new HttpError(404, 'The session times of this batch are not set yet.');
      }
      const ics = sessionsCalendar({
        ...batch,
        coursesPortalUrl,
        uidDomain,
        stamp: batch.updatedAt,
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${calendarFilename(batch.batchId)}"`)
        .header('cache-control', CALENDAR_CACHE)
        .header('x-content-type-options', 'nosniff')
        .send(ics);
    },
  });
};
