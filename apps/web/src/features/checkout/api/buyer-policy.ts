/**
 * GET /api/buyer-policy (beyond the spec): the seller's policy for
 * cancelling and moving a paid order, which an order placed now is placed
 * under. Public; the checkout pages show it before the buyer pays.
 */
import { buyerOrderRoutes, buyerPolicyResponseSchema } from '@wifi7/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const buyerPolicyQuery = queryOptions({
  queryKey: ['buyer-policy'],
  queryFn: async () => (await getJson(buyerOrderRoutes.policy, buyerPolicyResponseSchema)).policy,
  // The order takes the policy of the moment it is placed: each checkout page asks anew.
  staleTime: 0,
});
