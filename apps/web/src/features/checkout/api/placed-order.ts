/**
 * What placing an order (a PayPal invoice, a Zoho payment link) changes on
 * the server: it takes a seat of its batch, ends the buyer's place in that
 * batch's waitlist, and is one of the buyer's orders. The pages that show
 * them ask again.
 */
import { useQueryClient } from '@tanstack/react-query';

/** The schedule (seats left), the offered workshops (a batch now full), the buyer's places and orders. */
const changedByAnOrder = [
  ['schedule'],
  ['available-workshops'],
  ['my-waitlist-places'],
  ['my-orders'],
] as const;

export function useRefreshAfterOrder() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of changedByAnOrder) void queryClient.invalidateQueries({ queryKey });
  };
}
