/**
 * The back office's catalog: batches, prices, discount codes and the
 * buyers' policy, company purchases. Each
 * route validates with the contract, then calls the same catalog services
 * as the command-line tool, which audit the change in its transaction. The
 * seller is the verified token's address, never anything in the body.
 */
import {
  buyerOrderRoutes,
  buyerPolicyResponseSchema,
  buyerPolicySchema,
  groupOrderRoutes,
  groupSalesResponseSchema,
  groupSalesSchema,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import { sellerRoutesOn } from '../seller-routes';
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
import { currentBuyerPolicy, setBuyerPolicy } from '../../../catalog/buyer-policy';
import { currentGroupSales, setGroupSales } from '../../../catalog/group-sales';
import { setHoldHours } from '../../../catalog/hold-admin';
import { listPricesForSeller, setWorkshopPrices } from '../../../catalog/price-admin';

export const sellerCatalogRoutesPlugin: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  const routes = sellerRoutesOn(app);

  // ── Batches ──
  routes.read(sellerCatalogRoutes.batches, sellerBatchListSchema, () => listBatchesForSeller(db));
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
  routes.read(sellerCatalogRoutes.prices, sellerPriceListSchema, () => listPricesForSeller(db));
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

  // ── What buyers may do with their own orders ──
  routes.read(buyerOrderRoutes.sellerPolicy, buyerPolicyResponseSchema, async () => ({
    policy: await currentBuyerPolicy(db),
  }));
  routes.set({
    url: buyerOrderRoutes.sellerPolicy,
    body: buyerPolicySchema,
    response: buyerPolicyResponseSchema,
    set: async (by, policy) => ({ policy: await setBuyerPolicy(db, by, policy) }),
  });

  // ── Company purchases: seats per order, volume discounts, names ──
  routes.read(groupOrderRoutes.sellerSettings, groupSalesResponseSchema, async () => ({
    settings: await currentGroupSales(db),
  }));
  routes.set({
    url: groupOrderRoutes.sellerSettings,
    body: groupSalesSchema,
    response: groupSalesResponseSchema,
    set: async (by, settings) => ({ settings: await setGroupSales(db, by, settings) }),
  });

  // ── Discount codes ──
  routes.read(sellerCatalogRoutes.discountCodes, sellerDiscountCodeListSchema, () =>
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
