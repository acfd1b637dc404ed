/**
 * What placing an order (a PayPal invoice, a Zoho payment link) changes on
 * the server: it takes a seat of its batch, and ends the buyer's place in
 * that batch's waitlist. The pages that show them ask again.
 */
import { useQueryClient } from '@tanstack/react-query';

/** The schedule (seats left), the offered workshops (a batch now full) and the buyer's places. */
const changedByAnOrder = [['schedule'], ['available-workshops'], ['my-waitlist-places']] as const;

export function useRefreshAfterOrder() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of changedByAnOrder) void queryClient.invalidateQueries({ queryKey });
  };
}
