import {
  apiRoutes,
  pricingRequestSchema,
  pricingResponseSchema,
  workshopListResponseSchema,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerFrom } from '../../lib/frozen-answers';
import { refusedForSeconds } from '../plugins/rate-limit-store';
import { RAIL_CURRENCY, railForCountry } from '../../orders/rail-port';
import type { CatalogReads } from '../../catalog/cached-reads';
import { normalizeDiscountCode } from '../../catalog/discounts';

/** Both answers come from the catalog cache: reads to browse by, never what an order is priced by. */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogReads }> = async (
  app,
  { catalog },
) => {
  app.route({
    method: 'GET',
    url: apiRoutes.workshopList,
    schema: { response: { 200: workshopListResponseSchema } },
    config: { access: 'signed-in' },
    handler: async (_request, reply) => {
      // Seats change with every purchase: no browser or proxy may keep this answer.
      reply.header('cache-control', 'no-store');
      // The same frozen answer while the catalog holds the same list: checked and written once.
      return answerFrom(await catalog.availableWorkshops(), (availableWorkshops) => ({
        availableWorkshops,
      }));
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
      const { answer, discountApplies } = await catalog.pricing({
        productSkus,
        currency,
        discountCode: normalizeDiscountCode(discountCode),
      });
      // The access line already says the call was answered; what it priced is detail.
      request.log.debug({ currency, discount: discountApplies }, 'priced');
      return answer;
    },
  });
};
