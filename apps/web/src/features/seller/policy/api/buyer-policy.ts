/** The seller's policy for buyers' own cancels and moves, and setting it. */
import { buyerOrderRoutes, buyerPolicyResponseSchema, type BuyerPolicy } from '@wifi7/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sellerKeys } from '../../query-keys';
import { sellerGet, sellerPut } from '../../shell/seller-api';

export const useBuyerPolicy = () =>
  useQuery({
    queryKey: sellerKeys.buyerPolicy,
    queryFn: () => sellerGet(buyerOrderRoutes.sellerPolicy, buyerPolicyResponseSchema),
  });

/** Sets the policy for orders placed from now on; the answer is the policy as saved. */
export function useSaveBuyerPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: BuyerPolicy) =>
      sellerPut(buyerOrderRoutes.sellerPolicy, policy, buyerPolicyResponseSchema),
    // The server answers with what it stored: no second request to show it.
    onSuccess: (saved) => queryClient.setQueryData(sellerKeys.buyerPolicy, saved),
  });
}
