/**
 * The back office's query keys, all in one place: a page reads with one,
 * and a write refreshes what it changed by the same key. Every key starts
 * with 'seller', so the seller's data can be dropped at once.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { SellerOrdersQuery } from '@wifi7/contract';
import { queryClient } from '../../lib/query-client';
import { onSignedInUserLeft } from '../auth';

export interface AuditQuery {
  page: number;
  pageSize: number;
  targetType: string;
  targetId: string;
}

const all = ['seller'] as const;

// The seller's data is the signed-in seller's: it goes when they sign out
// (or another person signs in), so the next person on this browser never
// sees their orders. Set up here, where every seller key comes from, so it
// is in place whenever seller data can be.
onSignedInUserLeft(() => queryClient.removeQueries({ queryKey: all }));

export const sellerKeys = {
  all,
  orders: [...all, 'orders'] as const,
  orderList: (query: SellerOrdersQuery) => [...all, 'orders', 'list', query] as const,
  order: (orderId: string) => [...all, 'orders', 'detail', orderId] as const,
  /** The batches an order can move to, with their seats: a catalog change alters them too. */
  batchChoices: [...all, 'catalog', 'batch-choices'] as const,
  attention: [...all, 'attention'] as const,
  audit: (query: AuditQuery) => [...all, 'audit', query] as const,
  waitlistBatches: [...all, 'waitlist', 'batches'] as const,
  waitlistPlaces: (batchId: string, page: number, pageSize: number) =>
    [...all, 'waitlist', 'places', batchId, { page, pageSize }] as const,
  waitlist: [...all, 'waitlist'] as const,
  catalog: [...all, 'catalog'] as const,
  batches: [...all, 'catalog', 'batches'] as const,
  prices: [...all, 'catalog', 'prices'] as const,
  discountCodes: [...all, 'catalog', 'discount-codes'] as const,
  content: [...all, 'content'] as const,
  buyerPolicy: [...all, 'buyer-policy'] as const,
  groupSales: [...all, 'group-sales'] as const,
  senderDomain: [...all, 'mail', 'sender-domain'] as const,
};

/** After a write: reads again what it changed, under each of these keys. */
export function useRefresh(...queryKeys: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  };
}
