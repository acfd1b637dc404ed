import {
  apiRoutes,
  pricingRequestSchema,
  pricingResponseSchema,
  workshopListResponseSchema,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { refusedForSeconds } from '../../plugins/rate-limit-store';
import { RAIL_CURRENCY, railForCountry } from '../orders/rail-port';
import { normalizeDiscountCode } from './discounts';
import { quote, toPricingResponse } from './pricing';
import { listAvailableWorkshops } from './repository';

/** Both answers read the rows as they are now, so a seller's change shows on every instance at once. */
export const catalogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    method: 'GET',
    url: apiRoutes.workshopList,
    schema: { response: { 200: workshopListResponseSchema } },
    config: { access: 'signed-in' },
    handler: async (_request, reply) => {
      // Seats change with every purchase: no browser or proxy may keep this answer.
      reply.header('cache-control', 'no-store');
      return { availableWorkshops: await listAvailableWorkshops(db) };
    },
  });

  app.route({
    method: 'POST',
    url: apiRoutes.pricing,
    // No sign-in needed, and nothing is written: a pure read of the price list.
    schema: { body: pricingRequestSchema, response: { 200: pricingResponseSchema } },
    config: {
      access: 'public',
      rateLimit: { max: 120, timeWindow: '1 minute', errorResponseBuilder: refusedForSeconds },
    },
    handler: async (request) => {
      const { productSkus, countryCode, discountCode } = request.body;
      // Prices are in the currency of the rail the buyer's country pays by.
      const currency = RAIL_CURRENCY[railForCountry(countryCode)];
      const result = await quote(db, {
        productSkus,
        currency,
        discountCode: normalizeDiscountCode(discountCode),
      });
      // The access line already says the call was answered; what it priced is detail.
      request.log.debug({ currency, discount: result.discount?.applies ?? null }, 'priced');
      return toPricingResponse(result);
    },
  });
};
