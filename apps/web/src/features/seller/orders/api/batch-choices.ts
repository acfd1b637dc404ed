/** The batches an order can be filtered by or moved to, with their seats. */
import { sellerBatchChoicesSchema, sellerOrderRoutes } from '@wifi7/contract';
import { useQuery } from '@tanstack/react-query';
import { sellerKeys } from '../../query-keys';
import { sellerGet } from '../../shell/seller-api';

export const useBatchChoices = () =>
  useQuery({
    queryKey: sellerKeys.batchChoices,
    queryFn: () => sellerGet(sellerOrderRoutes.batchChoices, sellerBatchChoicesSchema),
  });
