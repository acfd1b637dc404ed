import { apiRoutes } from '@wifi7/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

/** GET /api/health — for load balancers: answers 200 only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    apiRoutes.health,
    {
      logLevel: 'warn',
      config: { access: 'public', rateLimit: false },
      schema: { response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
};
