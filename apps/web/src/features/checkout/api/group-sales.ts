/**
 * GET /api/group-sales (beyond the spec): the seller's settings for company
 * purchases — the most seats one order may have and the volume discounts —
 * that an order placed now is priced by. Public; the checkout page asks for
 * them when the buyer opens "Buying several seats or for someone else?".
 */
import { groupOrderRoutes, groupSalesResponseSchema } from '@wifi7/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const groupSalesQuery = queryOptions({
  queryKey: ['group-sales'],
  queryFn: async () =>
    (await getJson(groupOrderRoutes.settings, groupSalesResponseSchema)).settings,
  // The server prices the order with the settings of the moment it is placed: ask anew.
  staleTime: 0,
});
