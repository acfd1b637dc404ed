import {
  apiRoutes,
  pricingRequestSchema,
  pricingResponseSchema,
  workshopListResponseSchema,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { quote, toPricingResponse } from './pricing';
import { listAvailableWorkshops } from './repository';
import { rememberAppliedDiscount } from '../india-checkout/repository';

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    method: 'GET',
    url: apiRoutes.workshopList,
    preHandler: app.authenticate,
    schema: { response: { 200: workshopListResponseSchema } },
    handler: async (_request, reply) => {
      // Seats change with every purchase: never cache this answer.
      reply.header('cache-control', 'no-store');
      return { availableWorkshops: await listAvailableWorkshops(db) };
    },
  });

  app.route({
    method: 'POST',
    url: apiRoutes.pricing,
    // No sign-in needed; when a signed-in buyer applies a code, it is remembered
    // so the India checkout (whose request carries no code) can apply it.
    preHandler: app.identify,
    schema: { body: pricingRequestSchema, response: { 200: pricingResponseSchema } },
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async (request) => {
      const result = await quote(db, request.body);
      if (request.identity && result.discount?.applies) {
        for (const line of result.lines.filter((each) => each.discountPercent > 0)) {
          await rememberAppliedDiscount(
            db,
            request.identity.email,
            line.productSku,
            result.discount.code,
          );
        }
      }
      request.log.info(
        { currency: result.currency, discount: result.discount?.applies ?? null },
        'priced',
      );
      return toPricingResponse(result);
    },
  });
};
