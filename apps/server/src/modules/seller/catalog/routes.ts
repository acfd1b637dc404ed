/**
 * The back office's catalog: batches, prices and discount codes. Each
 * route validates with the contract, then calls the same catalog services
 * as the command-line tool, which audit the change in its transaction. The
 * seller is the verified token's address, never anything in the body.
 */
import {
  sellerBatchCreateRequestSchema,
  sellerBatchListSchema,
  sellerBatchParamsSchema,
  sellerBatchSchema,
  sellerBatchStatusRequestSchema,
  sellerBatchUpdateRequestSchema,
  sellerCatalogRoutes,
  sellerDiscountCodeCreateRequestSchema,
  sellerDiscountCodeListSchema,
  sellerDiscountCodeParamsSchema,
  sellerDiscountCodeSchema,
  sellerDiscountCodeStateRequestSchema,
  sellerDiscountCodeUpdateRequestSchema,
  sellerPriceListSchema,
  sellerPricesRequestSchema,
  sellerWorkshopParamsSchema,
  sellerWorkshopPricesSchema,
} from '@wifi7/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import { requireIdentity } from '../../../plugins/authentication';
import {
  createBatch,
  listBatchesForSeller,
  setBatchStatus,
  updateBatch,
} from '../../catalog/batch-admin';
import {
  createDiscountCode,
  listDiscountCodesForSeller,
  setDiscountCodeActive,
  updateDiscountCode,
} from '../../catalog/discount-admin';
import { listPricesForSeller, setWorkshopPrices } from '../../catalog/price-admin';

const seller = (request: FastifyRequest) => requireIdentity(request).email;
const access = { access: 'seller' } as const;

export const sellerCatalogRoutesPlugin: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  // ── Batches ──
  app.route({
    method: 'GET',
    url: sellerCatalogRoutes.batches,
    schema: { response: { 200: sellerBatchListSchema } },
    config: access,
    handler: async () => listBatchesForSeller(db),
  });

  app.route({
    method: 'POST',
    url: sellerCatalogRoutes.batches,
    schema: { body: sellerBatchCreateRequestSchema, response: { 201: sellerBatchSchema } },
    config: access,
    handler: async (request, reply) => {
      const created = await createBatch(db, seller(request), request.body);
      return reply.code(201).send(created);
    },
  });

  app.route({
    method: 'PUT',
    url: sellerCatalogRoutes.batch,
    schema: {
      params: sellerBatchParamsSchema,
      body: sellerBatchUpdateRequestSchema,
      response: { 200: sellerBatchSchema },
    },
    config: access,
    handler: async (request) =>
      updateBatch(db, seller(request), request.params.batchId, request.body),
  });

  app.route({
    method: 'PUT',
    url: sellerCatalogRoutes.batchStatus,
    schema: {
      params: sellerBatchParamsSchema,
      body: sellerBatchStatusRequestSchema,
      response: { 200: sellerBatchSchema },
    },
    config: access,
    handler: async (request) =>
      setBatchStatus(
        db,
        seller(request),
        request.params.batchId,
        request.body.status,
        request.body.note,
      ),
  });

  // ── Prices ──
  app.route({
    method: 'GET',
    url: sellerCatalogRoutes.prices,
    schema: { response: { 200: sellerPriceListSchema } },
    config: access,
    handler: async () => listPricesForSeller(db),
  });

  app.route({
    method: 'PUT',
    url: sellerCatalogRoutes.workshopPrices,
    schema: {
      params: sellerWorkshopParamsSchema,
      body: sellerPricesRequestSchema,
      response: { 200: sellerWorkshopPricesSchema },
    },
    config: access,
    handler: async (request) =>
      setWorkshopPrices(db, seller(request), request.params.workshopSku, request.body),
  });

  // ── Discount codes ──
  app.route({
    method: 'GET',
    url: sellerCatalogRoutes.discountCodes,
    schema: { response: { 200: sellerDiscountCodeListSchema } },
    config: access,
    handler: async () => listDiscountCodesForSeller(db),
  });

  app.route({
    method: 'POST',
    url: sellerCatalogRoutes.discountCodes,
    schema: {
      body: sellerDiscountCodeCreateRequestSchema,
      response: { 201: sellerDiscountCodeSchema },
    },
    config: access,
    handler: async (request, reply) => {
      const created = await createDiscountCode(db, seller(request), request.body);
      return reply.code(201).send(created);
    },
  });

  app.route({
    method: 'PUT',
    url: sellerCatalogRoutes.discountCode,
    schema: {
      params: sellerDiscountCodeParamsSchema,
      body: sellerDiscountCodeUpdateRequestSchema,
      response: { 200: sellerDiscountCodeSchema },
    },
    config: access,
    handler: async (request) =>
      updateDiscountCode(db, seller(request), request.params.code, request.body),
  });

  app.route({
    method: 'PUT',
    url: sellerCatalogRoutes.discountCodeState,
    schema: {
      params: sellerDiscountCodeParamsSchema,
      body: sellerDiscountCodeStateRequestSchema,
      response: { 200: sellerDiscountCodeSchema },
    },
    config: access,
    handler: async (request) =>
      setDiscountCodeActive(
        db,
        seller(request),
        request.params.code,
        request.body.state === 'active',
        request.body.note,
      ),
  });
};
