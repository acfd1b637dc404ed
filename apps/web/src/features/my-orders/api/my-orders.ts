/**
 * GET /api/me/orders and the buyer's actions on one order (beyond the
 * spec). Each action refreshes what it changes: the orders, the buyer's
 * enrolments and the schedule's seats.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  buyerOrderPathOf,
  buyerOrderRoutes,
  type BuyerActionResponse,
  type BuyerOrder,
} from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';
import { schemaOf } from '../../../lib/schema-loader';

export const MY_ORDERS_KEY = 'my-orders';

/** The signed-in `uid`'s orders; nothing is asked for while nobody is signed in. */
export const myOrdersQuery = (uid: string | null) =>
  queryOptions({
    queryKey: [MY_ORDERS_KEY, uid],
    queryFn: async (): Promise<BuyerOrder[]> => {
      const { orders } = await authorizedRequest(
        { method: 'GET', url: buyerOrderRoutes.orders },
        schemaOf('buyerOrdersResponseSchema'),
      );
      return orders;
    },
    enabled: uid !== null,
  });

export type BuyerAction =
  | { action: 'resend' }
  | { action: 'cancel'; refundMinor: number }
  | { action: 'move'; batchId: string };

/** One action on one order; `idempotencyKey` is made once per dialog, so a retry acts once. */
export function useBuyerOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      orderId,
      idempotencyKey,
      request: { action, ...body },
    }: {
      orderId: string;
      idempotencyKey: string;
      request: BuyerAction;
    }): Promise<BuyerActionResponse> =>
      authorizedRequest(
        {
          method: 'POST',
          url: buyerOrderPathOf(buyerOrderRoutes[action], orderId),
          data: { idempotencyKey, ...body },
        },
        schemaOf('buyerActionResponseSchema'),
      ),
    onSettled: async () => {
      await Promise.all(
        [MY_ORDERS_KEY, 'my-enrolments', 'schedule'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
    },
  });
}
