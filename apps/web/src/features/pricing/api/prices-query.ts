/** The query of POST /api/courses/pricing: one request's prices, cached by its content. */
import { queryOptions } from '@tanstack/react-query';
import type { PricingRequest } from '@wifi7/contract';
import { fetchPrices } from './fetch-prices';

/** The prices of `request`; nothing is asked for while it is not known. */
export const pricesQuery = (request: PricingRequest | null) =>
  queryOptions({
    queryKey: ['prices', request] as const,
    queryFn: ({ queryKey: [, asked] }) => fetchPrices(asked!),
    enabled: request !== null,
  });
