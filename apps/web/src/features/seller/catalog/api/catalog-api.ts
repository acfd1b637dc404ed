/** The catalog section's calls, one function per endpoint of `sellerCatalogRoutes`. */
import {
  sellerBatchListSchema,
  sellerBatchSchema,
  sellerCatalogPath,
  sellerCatalogRoutes,
  sellerDiscountCodeListSchema,
  sellerDiscountCodeSchema,
  sellerPriceListSchema,
  sellerWorkshopPricesSchema,
  type BatchStatus,
  type SellerBatchCreateRequest,
  type SellerBatchUpdateRequest,
  type SellerDiscountCodeCreateRequest,
  type SellerDiscountCodeUpdateRequest,
  type SellerHoldRequest,
  type SellerPricesRequest,
} from '@wifi7/contract';
import { sellerRequest } from './seller-request';

export const fetchBatches = () =>
  sellerRequest({ method: 'GET', url: sellerCatalogRoutes.batches }, sellerBatchListSchema);

export const createBatch = (body: SellerBatchCreateRequest) =>
  sellerRequest(
    { method: 'POST', url: sellerCatalogRoutes.batches, data: body },
    sellerBatchSchema,
  );

export const updateBatch = (batchId: string, body: SellerBatchUpdateRequest) =>
  sellerRequest(
    { method: 'PUT', url: sellerCatalogPath(sellerCatalogRoutes.batch, batchId), data: body },
    sellerBatchSchema,
  );

export const setBatchStatus = (batchId: string, status: BatchStatus) =>
  sellerRequest(
    {
      method: 'PUT',
      url: sellerCatalogPath(sellerCatalogRoutes.batchStatus, batchId),
      data: { status },
    },
    sellerBatchSchema,
  );

export const fetchPrices = () =>
  sellerRequest({ method: 'GET', url: sellerCatalogRoutes.prices }, sellerPriceListSchema);

export const setWorkshopPrices = (sku: string, body: SellerPricesRequest) =>
  sellerRequest(
    { method: 'PUT', url: sellerCatalogPath(sellerCatalogRoutes.workshopPrices, sku), data: body },
    sellerWorkshopPricesSchema,
  );

export const setWorkshopHold = (sku: string, body: SellerHoldRequest) =>
  sellerRequest(
    { method: 'PUT', url: sellerCatalogPath(sellerCatalogRoutes.workshopHold, sku), data: body },
    sellerWorkshopPricesSchema,
  );

export const fetchDiscountCodes = () =>
  sellerRequest(
    { method: 'GET', url: sellerCatalogRoutes.discountCodes },
    sellerDiscountCodeListSchema,
  );

export const createDiscountCode = (body: SellerDiscountCodeCreateRequest) =>
  sellerRequest(
    { method: 'POST', url: sellerCatalogRoutes.discountCodes, data: body },
    sellerDiscountCodeSchema,
  );

export const updateDiscountCode = (code: string, body: SellerDiscountCodeUpdateRequest) =>
  sellerRequest(
    { method: 'PUT', url: sellerCatalogPath(sellerCatalogRoutes.discountCode, code), data: body },
    sellerDiscountCodeSchema,
  );

export const setDiscountCodeActive = (code: string, active: boolean) =>
  sellerRequest(
    {
      method: 'PUT',
      url: sellerCatalogPath(sellerCatalogRoutes.discountCodeState, code),
      data: { state: active ? 'active' : 'disabled' },
    },
    sellerDiscountCodeSchema,
  );
