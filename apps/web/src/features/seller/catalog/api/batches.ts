/** The batches: the list with its workshops, and saving, opening or closing one. */
import {
  sellerBatchListSchema,
  sellerBatchSchema,
  sellerCatalogPath,
  sellerCatalogRoutes,
  type BatchStatus,
  type SellerBatchCreateRequest,
  type SellerBatchUpdateRequest,
} from '@wifi7/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { sellerKeys, useRefresh } from '../../query-keys';
import { sellerGet, sellerPost, sellerPut } from '../../shell/seller-api';

export const useBatches = () =>
  useQuery({
    queryKey: sellerKeys.batches,
    queryFn: () => sellerGet(sellerCatalogRoutes.batches, sellerBatchListSchema),
  });

export type BatchSave =
  { batchId: string; update: SellerBatchUpdateRequest } | { create: SellerBatchCreateRequest };

// A batch's dates, seats and status show in every list of the catalog.
export function useSaveBatch() {
  return useMutation({
    mutationFn: (save: BatchSave) =>
      'create' in save
        ? sellerPost(sellerCatalogRoutes.batches, save.create, sellerBatchSchema)
        : sellerPut(
            sellerCatalogPath(sellerCatalogRoutes.batch, save.batchId),
            save.update,
            sellerBatchSchema,
          ),
    onSuccess: useRefresh(sellerKeys.catalog),
  });
}

export function useSetBatchStatus() {
  return useMutation({
    mutationFn: ({ batchId, status }: { batchId: string; status: BatchStatus }) =>
      sellerPut(
        sellerCatalogPath(sellerCatalogRoutes.batchStatus, batchId),
        { status },
        sellerBatchSchema,
      ),
    onSuccess: useRefresh(sellerKeys.catalog),
  });
}
