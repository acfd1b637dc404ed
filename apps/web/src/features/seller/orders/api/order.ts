/** One order with its timeline, and the seller's actions on it. */
import {
  sellerActionResponseSchema,
  sellerOrderDetailSchema,
  sellerOrderPathOf,
  sellerOrderRoutes,
  type SellerActionResponse,
  type SellerOrderActionName,
} from '@wifi7/contract';
import { useQuery } from '@tanstack/react-query';
import { sellerKeys, useRefresh } from '../../query-keys';
import { sellerGet, sellerPost } from '../../shell/seller-api';

export const useOrder = (orderId: string) =>
  useQuery({
    queryKey: sellerKeys.order(orderId),
    queryFn: () =>
      sellerGet(sellerOrderPathOf(sellerOrderRoutes.order, orderId), sellerOrderDetailSchema),
  });

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
export const useRefreshAfterOrderAction = () =>
  useRefresh(sellerKeys.orders, sellerKeys.attention, sellerKeys.catalog);
