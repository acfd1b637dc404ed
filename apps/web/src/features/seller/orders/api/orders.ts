/** The orders list, one page of it at a time, and the same orders as a CSV file. */
import {
  sellerOrderRoutes,
  type sellerOrdersCsvQuerySchema,
  sellerOrdersPageSchema,
  type SellerOrdersQuery,
} from '@wifi7/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { sellerKeys } from '../../query-keys';
import { downloadFile, sellerGet } from '../../shell/seller-api';

type SellerOrdersCsvQuery = z.infer<typeof sellerOrdersCsvQuerySchema>;
export type OrderFilters = Omit<SellerOrdersQuery, 'page' | 'pageSize'>;
/** One row per order, or one per seat (with its attendee). */
export type CsvRows = NonNullable<SellerOrdersCsvQuery['rows']>;

/** While another page or filter loads, the last page stays on screen. */
export const useOrders = (query: SellerOrdersQuery) =>
  useQuery({
    queryKey: sellerKeys.orderList(query),
    queryFn: () => sellerGet(sellerOrderRoutes.orders, sellerOrdersPageSchema, query),
    placeholderData: keepPreviousData,
  });

/**
 * Every order matching the filters, as the CSV file the server makes (a
 * download, not page data): a row per order, or per seat.
 */
export function downloadOrdersCsv(filters: OrderFilters, rows: CsvRows = 'orders') {
  const day = new Date().toISOString().slice(0, 10);
  const query: SellerOrdersCsvQuery = rows === 'seats' ? { ...filters, rows } : filters;
  const name = rows === 'seats' ? 'order-seats' : 'orders';
  return downloadFile(sellerOrderRoutes.ordersCsv, `${name}-${day}.csv`, query);
}
