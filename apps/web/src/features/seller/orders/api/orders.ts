/** The orders list, one page of it at a time, and the same orders as a CSV file. */
import { sellerOrderRoutes, sellerOrdersPageSchema, type SellerOrdersQuery } from '@wifi7/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sellerKeys } from '../../query-keys';
import { downloadFile, sellerGet } from '../../shell/seller-api';

export type OrderFilters = Omit<SellerOrdersQuery, 'page' | 'pageSize'>;

/** While another page or filter loads, the last page stays on screen. */
export const useOrders = (query: SellerOrdersQuery) =>
  useQuery({
    queryKey: sellerKeys.orderList(query),
    queryFn: () => sellerGet(sellerOrderRoutes.orders, sellerOrdersPageSchema, query),
    placeholderData: keepPreviousData,
  });

/** Every order matching the filters, as the CSV file the server makes (a download, not page data). */
export function downloadOrdersCsv(filters: OrderFilters) {
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile(sellerOrderRoutes.ordersCsv, `orders-${day}.csv`, filters);
}
