/**
 * PUT /api/me/orders/:orderId/seats/:seatId (beyond the spec): the buyer of
 * a company order names who holds one seat, or opens it again with a new
 * invite link. The orders are read again after, and so are the buyer's own
 * enrolments (the buyer may have named or replaced themselves).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  groupOrderRoutes,
  type BuyerActionResponse,
  type SeatAttendeeRequest,
} from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';
import { schemaOf } from '../../../lib/schema-loader';
import { MY_ORDERS_KEY } from './my-orders';

export function seatPathOf(orderId: string, seatId: string): string {
  return groupOrderRoutes.seat
    .replace(':orderId', encodeURIComponent(orderId))
    .replace(':seatId', encodeURIComponent(seatId));
}

/** One seat's change; `request.idempotencyKey` is made once per dialog, so a retry acts once. */
export function useSeatAttendeeChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      orderId,
      seatId,
      request,
    }: {
      orderId: string;
      seatId: string;
      request: SeatAttendeeRequest;
    }): Promise<BuyerActionResponse> =>
      authorizedRequest(
        { method: 'PUT', url: seatPathOf(orderId, seatId), data: request },
        schemaOf('buyerActionResponseSchema'),
      ),
    onSettled: async () => {
      await Promise.all(
        [MY_ORDERS_KEY, 'my-enrolments'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
    },
  });
}
