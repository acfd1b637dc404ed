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
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sellerKeys } from '../../query-keys';
import { sellerGet, sellerPost, sellerPut } from '../../shell/seller-api';

export const batchesQuery = () =>
  queryOptions({
    queryKey: sellerKeys.batches,
    queryFn: () => sellerGet(sellerCatalogRoutes.batches, sellerBatchListSchema),
  });

export const useBatches = () => useQuery(batchesQuery());

export type BatchSave =
  { batchId: string; update: SellerBatchUpdateRequest } | { create: SellerBatchCreateRequest };

/** A batch's dates, seats and status show in every list of the catalog. */
function useRefreshCatalog() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: sellerKeys.catalog });
}

export function useSaveBatch() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (save: BatchSave) =>
      'create' in save
        ? sellerPost(sellerCatalogRoutes.batches, save.create, sellerBatchSchema)
        : sellerPut(
            sellerCatalogPath(sellerCatalogRoutes.batch, save.batchId),
            save.update,
            sellerBatchSchema,
          ),
    onSuccess: refresh,
  });
}

export function useSetBatchStatus() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: ({ batchId, status }: { batchId: string; status: BatchStatus }) =>
      sellerPut(
        sellerCatalogPath(sellerCatalogRoutes.batchStatus, batchId),
        { status },
        sellerBatchSchema,
      ),
    onSuccess: refresh,
  });
}
