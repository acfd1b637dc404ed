/** One batch's line, a page at a time, and taking a place off it. */
import {
  sellerWaitlistPageSchema,
  sellerWaitlistPath,
  sellerWaitlistRemoveResponseSchema,
  sellerWaitlistRoutes,
} from '@wifi7/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { sellerKeys } from '../../query-keys';
import { sellerGet, sellerPost } from '../../shell/seller-api';

export const waitlistPlacesQuery = (batchId: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: sellerKeys.waitlistPlaces(batchId, page, pageSize),
    queryFn: () =>
      sellerGet(sellerWaitlistPath(sellerWaitlistRoutes.batch, batchId), sellerWaitlistPageSchema, {
        page,
        pageSize,
      }),
  });

/** While another page loads, the last one stays on screen. */
export const useWaitlistPlaces = (batchId: string, page: number, pageSize: number) =>
  useQuery({ ...waitlistPlacesQuery(batchId, page, pageSize), placeholderData: keepPreviousData });

/** Removes a place; the line moves up and a freed offer passes on, so every count follows. */
export function useRemoveWaitlistPlace() {
  const queryClient = useQueryClient();
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
    onSuccess: () => {
      for (const queryKey of [sellerKeys.waitlist, sellerKeys.catalog]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
