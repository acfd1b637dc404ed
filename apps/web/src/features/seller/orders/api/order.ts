/** One order with its timeline, and the seller's actions on it. */
import {
  orderAttachRequestSchema,
  orderCancelRequestSchema,
  orderDismissAttentionRequestSchema,
  orderMarkPaidRequestSchema,
  orderMoveBatchRequestSchema,
  orderRefundRequestSchema,
  orderReissueRequestSchema,
  orderResendMailRequestSchema,
  orderResendRequestSchema,
  orderRetryHandoffRequestSchema,
  sellerActionResponseSchema,
  sellerOrderDetailSchema,
  sellerOrderPathOf,
  sellerOrderRoutes,
  type SellerActionResponse,
  type SellerOrderActionName,
} from '@wifi7/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { sellerKeys, useRefresh } from '../../query-keys';
import { sellerGet, sellerPost } from '../../shell/seller-api';

export const useOrder = (orderId: string) =>
  useQuery({
    queryKey: sellerKeys.order(orderId),
    queryFn: () =>
      sellerGet(sellerOrderPathOf(sellerOrderRoutes.order, orderId), sellerOrderDetailSchema),
  });

export type OrderAction = SellerOrderActionName;

/** Each action's request body, as the server checks it. */
export const orderActionRequestSchemas = {
  resend: orderResendRequestSchema,
  markPaid: orderMarkPaidRequestSchema,
  cancel: orderCancelRequestSchema,
  refund: orderRefundRequestSchema,
  moveBatch: orderMoveBatchRequestSchema,
  retryHandoff: orderRetryHandoffRequestSchema,
  dismissAttention: orderDismissAttentionRequestSchema,
  attach: orderAttachRequestSchema,
  reissue: orderReissueRequestSchema,
  resendMail: orderResendMailRequestSchema,
} as const satisfies Record<OrderAction, z.ZodMiniType>;

export type OrderActionRequest<A extends OrderAction> = z.output<
  (typeof orderActionRequestSchemas)[A]
>;

export function runOrderAction<A extends OrderAction>(
  action: A,
  orderId: string,
  body: OrderActionRequest<A>,
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

/** One action on the order, with its request body. */
export interface OrderActionSend<A extends OrderAction = OrderAction> {
  action: A;
  body: OrderActionRequest<A>;
}

/**
 * Sends the seller's actions on one order; what they change is read again,
 * after a refusal too (a refused Send again is itself a line on the timeline).
 */
export function useOrderAction(orderId: string) {
  return useMutation({
    mutationFn: ({ action, body }: OrderActionSend) => runOrderAction(action, orderId, body),
    onSettled: useRefreshAfterOrderAction(),
  });
}
