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
  sellerHoldRequestSchema,
  sellerPriceListSchema,
  sellerPricesRequestSchema,
  sellerWorkshopParamsSchema,
  sellerWorkshopPricesSchema,
} from '@wifi7/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { requireIdentity } from '../../plugins/authentication';
import {
  createBatch,
  listBatchesForSeller,
  setBatchStatus,
  updateBatch,
} from '../../../inventory/batch-admin';
import {
  createDiscountCode,
  listDiscountCodesForSeller,
  setDiscountCodeActive,
  updateDiscountCode,
} from '../../../catalog/discount-admin';
import { setHoldHours } from '../../../catalog/hold-admin';
import { listPricesForSeller, setWorkshopPrices } from '../../../catalog/price-admin';

const seller = (request: FastifyRequest) => requireIdentity(request).email;
const access = { access: 'seller' } as const;

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The three shapes every catalog route has: read a list, create one thing
 * (201), change one thing named in the path (200). Each hands the service
 * the seller's address and the request as the contract parsed it.
 */
function catalogRoutes(app: App) {
  return {
    list(url: string, response: z.core.$ZodType, read: () => Promise<unknown>) {
      app.route({
        method: 'GET',
        url,
        schema: { response: { 200: response } },
        config: access,
        handler: read,
      });
    },
    create<Body extends z.core.$ZodType>(route: {
      url: string;
      body: Body;
      response: z.core.$ZodType;
      create: (sellerEmail: string, body: z.output<Body>) => Promise<unknown>;
    }) {
      app.route({
        method: 'POST',
        url: route.url,
        schema: { body: route.body, response: { 201: route.response } },
        config: access,
        handler: async (request, reply) => {
          const created = await route.create(seller(request), request.body as z.output<Body>);
          return reply.code(201).send(created);
        },
      });
    },
    change<Params extends z.core.$ZodType, Body extends z.core.$ZodType>(route: {
      url: string;
      params: Params;
      body: Body;
      response: z.core.$ZodType;
      change: (
        sellerEmail: string,
        params: z.output<Params>,
        body: z.output<Body>,
      ) => Promise<unknown>;
    }) {
      app.route({
        method: 'PUT',
        url: route.url,
        schema: { params: route.params, body: route.body, response: { 200: route.response } },
        config: access,
        handler: async (request) =>
          route.change(
            seller(request),
            request.params as z.output<Params>,
            request.body as z.output<Body>,
          ),
      });
    },
  };
}

export const sellerCatalogRoutesPlugin: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  const routes = catalogRoutes(app);

  // ── Batches ──
  routes.list(sellerCatalogRoutes.batches, sellerBatchListSchema, () => listBatchesForSeller(db));
  routes.create({
    url: sellerCatalogRoutes.batches,
    body: sellerBatchCreateRequestSchema,
    response: sellerBatchSchema,
    create: (by, batch) => createBatch(db, by, batch),
  });
  routes.change({
    url: sellerCatalogRoutes.batch,
    params: sellerBatchParamsSchema,
    body: sellerBatchUpdateRequestSchema,
    response: sellerBatchSchema,
    change: (by, { batchId }, changes) => updateBatch(db, by, batchId, changes),
  });
  routes.change({
    url: sellerCatalogRoutes.batchStatus,
    params: sellerBatchParamsSchema,
    body: sellerBatchStatusRequestSchema,
    response: sellerBatchSchema,
    change: (by, { batchId }, { status, note }) => setBatchStatus(db, by, batchId, status, note),
  });

  // ── Prices ──
  routes.list(sellerCatalogRoutes.prices, sellerPriceListSchema, () => listPricesForSeller(db));
  routes.change({
    url: sellerCatalogRoutes.workshopPrices,
    params: sellerWorkshopParamsSchema,
    body: sellerPricesRequestSchema,
    response: sellerWorkshopPricesSchema,
    change: (by, { workshopSku }, prices) => setWorkshopPrices(db, by, workshopSku, prices),
  });
  routes.change({
    url: sellerCatalogRoutes.workshopHold,
    params: sellerWorkshopParamsSchema,
    body: sellerHoldRequestSchema,
    response: sellerWorkshopPricesSchema,
    change: (by, { workshopSku }, hold) => setHoldHours(db, by, workshopSku, hold),
  });

  // ── Discount codes ──
  routes.list(sellerCatalogRoutes.discountCodes, sellerDiscountCodeListSchema, () =>
    listDiscountCodesForSeller(db),
  );
  routes.create({
    url: sellerCatalogRoutes.discountCodes,
    body: sellerDiscountCodeCreateRequestSchema,
    response: sellerDiscountCodeSchema,
    create: (by, code) => createDiscountCode(db, by, code),
  });
  routes.change({
    url: sellerCatalogRoutes.discountCode,
    params: sellerDiscountCodeParamsSchema,
    body: sellerDiscountCodeUpdateRequestSchema,
    response: sellerDiscountCodeSchema,
    change: (by, { code }, changes) => updateDiscountCode(db, by, code, changes),
  });
  routes.change({
    url: sellerCatalogRoutes.discountCodeState,
    params: sellerDiscountCodeParamsSchema,
    body: sellerDiscountCodeStateRequestSchema,
    response: sellerDiscountCodeSchema,
    change: (by, { code }, { state, note }) =>
      setDiscountCodeActive(db, by, code, state === 'active', note),
  });
};
