/** One order with its timeline, and the seller's actions on it. */
import {
  sellerActionResponseSchema,
  sellerOrderDetailSchema,
  sellerOrderPathOf,
  sellerOrderRoutes,
  type SellerActionResponse,
  type SellerOrderActionName,
} from '@wifi7/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sellerKeys } from '../../query-keys';
import { sellerGet, sellerPost } from '../../shell/seller-api';

export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: sellerKeys.order(orderId),
    queryFn: () =>
      sellerGet(sellerOrderPathOf(sellerOrderRoutes.order, orderId), sellerOrderDetailSchema),
  });

export const useOrder = (orderId: string) => useQuery(orderQuery(orderId));

export type OrderAction = SellerOrderActionName;

export function runOrderAction(
  action: OrderAction,
  orderId: string,
  body: Record<string, unknown> & { idempotencyKey: string },
): Promise<SellerActionResponse> {
  return sellerPost(
    sellerOrderPathOf(sellerOrderRoutes[action], orderId),
    body,
    sellerActionResponseSchema,
  );
}

/**
 * What an action on an order may change: the order, the orders list, what
 * needs attention, and the seats of its batches (a move or a refund).
 */
export function useRefreshAfterOrderAction() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const queryKey of [sellerKeys.orders, sellerKeys.attention, sellerKeys.catalog]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [queryClient]);
}
