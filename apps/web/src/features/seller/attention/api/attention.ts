/** What needs attention, and resolving an item of it here. */
import {
  releaseHoldsResponseSchema,
  sellerAttentionListSchema,
  sellerOrderRoutes,
  type SellerAttentionItem,
} from '@wifi7/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { sellerKeys } from '../../query-keys';
import { runOrderAction, useRefreshAfterOrderAction } from '../../orders/api/order';
import { sellerGet, sellerPost } from '../../shell/seller-api';

/** The list the menu counts; `fresh` reads it again on mount (the page itself). */
export const useAttention = ({ fresh = false } = {}) =>
  useQuery({
    queryKey: sellerKeys.attention,
    queryFn: () => sellerGet(sellerOrderRoutes.attention, sellerAttentionListSchema),
    refetchOnMount: fresh ? 'always' : true,
  });

export type AttentionResolution =
  'retryHandoff' | 'dismissAttention' | 'releaseHolds' | 'resendMail';

interface Resolve {
  item: SellerAttentionItem;
  action: AttentionResolution;
  body: { idempotencyKey: string; note?: string };
}

/** Retries a hand-off, sends a failed e-mail again, dismisses a note or releases clustered holds; the lists follow. */
export function useResolveAttention() {
  const refresh = useRefreshAfterOrderAction();
  return useMutation({
    mutationFn: ({ item, action, body }: Resolve) =>
      action === 'releaseHolds'
        ? sellerPost(
            sellerOrderRoutes.releaseHolds,
            { ...item.holds!, ...body },
            releaseHoldsResponseSchema,
          )
        : runOrderAction(action, item.orderId!, body),
    // After a refusal too: a refused Send again changes the item's words.
    onSettled: refresh,
  });
}
