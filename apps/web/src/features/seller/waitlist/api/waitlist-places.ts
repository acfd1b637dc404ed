/** One batch's line, a page at a time, and taking a place off it. */
import {
  sellerWaitlistPageSchema,
  sellerWaitlistPath,
  sellerWaitlistRemoveResponseSchema,
  sellerWaitlistRoutes,
} from '@wifi7/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { sellerKeys, useRefresh } from '../../query-keys';
import { sellerGet, sellerPost } from '../../shell/seller-api';

/** While another page loads, the last one stays on screen. */
export const useWaitlistPlaces = (batchId: string, page: number, pageSize: number) =>
  useQuery({
    queryKey: sellerKeys.waitlistPlaces(batchId, page, pageSize),
    queryFn: () =>
      sellerGet(sellerWaitlistPath(sellerWaitlistRoutes.batch, batchId), sellerWaitlistPageSchema, {
        page,
        pageSize,
      }),
    placeholderData: keepPreviousData,
  });

/** Removes a place; the line moves up and a freed offer passes on, so every count follows. */
export function useRemoveWaitlistPlace() {
  return useMutation({
    mutationFn: ({
      placeId,
      body,
    }: {
      placeId: number;
      body: { idempotencyKey: string; note?: string };
    }) =>
      sellerPost(
        sellerWaitlistPath(sellerWaitlistRoutes.remove, String(placeId)),
        body,
        sellerWaitlistRemoveResponseSchema,
      ),
    onSuccess: useRefresh(sellerKeys.waitlist, sellerKeys.catalog),
  });
}
