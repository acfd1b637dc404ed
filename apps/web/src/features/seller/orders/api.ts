/** The orders section's calls (GET lists and one order, POST actions, the CSV file). */
import {
  orderAttachRequestSchema,
  orderCancelRequestSchema,
  orderDismissAttentionRequestSchema,
  orderMarkPaidRequestSchema,
  orderMoveBatchRequestSchema,
  orderRefundRequestSchema,
  orderReissueRequestSchema,
  orderResendRequestSchema,
  orderRetryHandoffRequestSchema,
  releaseHoldsResponseSchema,
  sellerActionResponseSchema,
  sellerAttentionListSchema,
  sellerBatchChoicesSchema,
  sellerOrderDetailSchema,
  sellerOrderPathOf,
  sellerOrderRoutes,
  sellerOrdersPageSchema,
  type ReleaseHoldsRequest,
  type SellerActionResponse,
  type SellerOrderActionName,
  type SellerOrdersQuery,
} from '@wifi7/contract';
import type { z } from 'zod/mini';
import { downloadFile, sellerGet, sellerPost } from '../shell/seller-api';

export type OrderFilters = Omit<SellerOrdersQuery, 'page' | 'pageSize'>;

export function fetchOrders(query: SellerOrdersQuery) {
  return sellerGet(sellerOrderRoutes.orders, sellerOrdersPageSchema, query);
}

export function fetchOrder(orderId: string) {
  return sellerGet(sellerOrderPathOf(sellerOrderRoutes.order, orderId), sellerOrderDetailSchema);
}

export function fetchBatchChoices() {
  return sellerGet(sellerOrderRoutes.batchChoices, sellerBatchChoicesSchema);
}

export function fetchAttention() {
  return sellerGet(sellerOrderRoutes.attention, sellerAttentionListSchema);
}

/** Every order matching the filters, as the CSV file the server makes. */
export function downloadOrdersCsv(filters: OrderFilters) {
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile(sellerOrderRoutes.ordersCsv, `orders-${day}.csv`, filters);
}

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

/** Cancels the unpaid orders of one cluster of holds that Needs attention shows. */
export function releaseHolds(body: ReleaseHoldsRequest): Promise<{ message: string }> {
  return sellerPost(sellerOrderRoutes.releaseHolds, body, releaseHoldsResponseSchema);
}
