/** The back office's waitlist routes (sellers only: checked before the body is read). */
import {
  sellerWaitlistBatchesResponseSchema,
  sellerWaitlistPageSchema,
  sellerWaitlistParamsSchema,
  sellerWaitlistPlaceParamsSchema,
  sellerWaitlistQuerySchema,
  sellerWaitlistRemoveRequestSchema,
  sellerWaitlistRemoveResponseSchema,
  sellerWaitlistRoutes,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import { requireIdentity } from '../../plugins/authentication';
import { sellerRoutesOn } from '../seller-routes';
import { listWaitlistBatches, removePlace, waitlistPage } from '../../../inventory/waitlist/seller';

export const sellerWaitlistRoutesPlugin: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  sellerRoutesOn(app).read(sellerWaitlistRoutes.batches, sellerWaitlistBatchesResponseSchema, () =>
    listWaitlistBatches(db),
  );

  app.route({
    method: 'GET',
    url: sellerWaitlistRoutes.batch,
    schema: {
      params: sellerWaitlistParamsSchema,
      querystring: sellerWaitlistQuerySchema,
      response: { 200: sellerWaitlistPageSchema },
    },
    config: { access: 'seller' },
    handler: async (request) => waitlistPage(db, request.params.batchId, request.query),
  });

  app.route({
    method: 'POST',
    url: sellerWaitlistRoutes.remove,
    schema: {
      params: sellerWaitlistPlaceParamsSchema,
      body: sellerWaitlistRemoveRequestSchema,
      response: { 200: sellerWaitlistRemoveResponseSchema },
    },
    config: { access: 'seller' },
    handler: async (request) =>
      removePlace(db, requireIdentity(request).email, Number(request.params.placeId), request.body),
  });
};
