/** Each batch's seats and how many wait or hold an offer. */
import { sellerWaitlistBatchesResponseSchema, sellerWaitlistRoutes } from '@wifi7/contract';
import { useQuery } from '@tanstack/react-query';
import { sellerKeys } from '../../query-keys';
import { sellerGet } from '../../shell/seller-api';

export const useWaitlistBatches = () =>
  useQuery({
    queryKey: sellerKeys.waitlistBatches,
    queryFn: () => sellerGet(sellerWaitlistRoutes.batches, sellerWaitlistBatchesResponseSchema),
  });
