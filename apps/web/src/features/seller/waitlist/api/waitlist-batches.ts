/** Each batch's seats and how many wait or hold an offer. */
import { sellerWaitlistBatchesResponseSchema, sellerWaitlistRoutes } from '@wifi7/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { sellerKeys } from '../../query-keys';
import { sellerGet } from '../../shell/seller-api';

export const waitlistBatchesQuery = () =>
  queryOptions({
    queryKey: sellerKeys.waitlistBatches,
    queryFn: () => sellerGet(sellerWaitlistRoutes.batches, sellerWaitlistBatchesResponseSchema),
  });

export const useWaitlistBatches = () => useQuery(waitlistBatchesQuery());
