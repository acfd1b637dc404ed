/** The seller's settings for company purchases (seat limit, volume discounts, name changes), and setting them. */
import { groupOrderRoutes, groupSalesResponseSchema, type GroupSales } from '@wifi7/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sellerKeys } from '../../query-keys';
import { sellerGet, sellerPut } from '../../shell/seller-api';

export const useGroupSales = () =>
  useQuery({
    queryKey: sellerKeys.groupSales,
    queryFn: () => sellerGet(groupOrderRoutes.sellerSettings, groupSalesResponseSchema),
  });

/** Sets them for checkouts from now on; the answer is the settings as saved. */
export function useSaveGroupSales() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: GroupSales) =>
      sellerPut(groupOrderRoutes.sellerSettings, settings, groupSalesResponseSchema),
    // The server answers with what it stored: no second request to show it.
    onSuccess: (saved) => queryClient.setQueryData(sellerKeys.groupSales, saved),
  });
}
