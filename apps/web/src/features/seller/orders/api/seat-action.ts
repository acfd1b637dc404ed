/** The seller refunds or cancels one seat of an order (a company purchase's seat given back alone). */
import {
  groupOrderRoutes,
  sellerActionResponseSchema,
  type SellerActionResponse,
  type SellerSeatActionRequest,
} from '@wifi7/contract';
import { useMutation } from '@tanstack/react-query';
import { sellerPost } from '../../shell/seller-api';
import { useRefreshAfterOrderAction } from './order';

export type SeatAction = 'refund' | 'cancel';

export interface SeatActionSend {
  seatId: string;
  action: SeatAction;
  body: SellerSeatActionRequest;
}

/** POST /api/seller/orders/:orderId/seats/:seatId/:action */
export function seatActionPath(orderId: string, seatId: string, action: SeatAction): string {
  return groupOrderRoutes.sellerSeat
    .replace(':orderId', encodeURIComponent(orderId))
    .replace(':seatId', encodeURIComponent(seatId))
    .replace(':action', action);
}

/** Sends the seller's action on one seat; the order, its list and its batch's seats are read again. */
export function useSeatAction(orderId: string) {
  return useMutation({
    mutationFn: ({ seatId, action, body }: SeatActionSend): Promise<SellerActionResponse> =>
      sellerPost(seatActionPath(orderId, seatId, action), body, sellerActionResponseSchema),
    onSuccess: useRefreshAfterOrderAction(),
  });
}
