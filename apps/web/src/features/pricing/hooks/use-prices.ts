/**
 * The page state of one pricing request (POST /api/courses/pricing): the
 * one hook of this endpoint. Each feature keeps its own rules (what to log,
 * what to make of the answer) in the listener it passes.
 */
import { hashKey, useQuery } from '@tanstack/react-query';
import type { PricingRequest, PricingResponse } from '@wifi7/contract';
import { useEffect, useRef, useState } from 'react';
import { pricesQuery } from '../api/prices-query';

export type Prices =
  { status: 'loading' } | { status: 'ready'; response: PricingResponse } | { status: 'failed' };

export interface PricesListener {
  /**
   * Hears every answer as it arrives, also one to a request that has since
   * been replaced or left (`current` false): that answer is not shown.
   */
  onResponse?: (response: PricingResponse, request: PricingRequest, current: boolean) => void;
  /** Hears every failed fetch, also of a request that has since been replaced or left. */
  onFailure?: (error: unknown, request: PricingRequest) => void;
}

export type PricesHandle = Prices & {
  /** Asks the same request again (after a failure). */
  retry: () => void;
  /**
   * Shows `response`, priced outside this hook (e.g. with a newly applied
   * discount code), as the answer to the current request; ignored once the
   * request has changed.
   */
  replace: (response: PricingResponse) => void;
};

/**
 * Prices `request`, again whenever its content changes and on `retry()`;
 * `null` while it is not known yet (e.g. the country), which counts as
 * loading. Only the answer to the latest request is shown.
 */
export function usePrices(
  request: PricingRequest | null,
  listener: PricesListener = {},
): PricesHandle {
  const options = pricesQuery(request);
  const asked = request ? hashKey(options.queryKey) : null;
  // What the listener is told belongs to the page as it is now: its latest
  // request (none once it has gone) and its latest listener.
  const latest = useRef({ asked, listener });
  useEffect(() => {
    latest.current = { asked, listener };
    return () => {
      latest.current = { asked: null, listener };
    };
  });
  const query = useQuery({
    ...options,
    queryFn: async (context) => {
      const sent = context.queryKey[1]!;
      const hash = hashKey(context.queryKey);
      try {
        const response = await options.queryFn!(context);
        latest.current.listener.onResponse?.(response, sent, latest.current.asked === hash);
        return response;
      } catch (error) {
        latest.current.listener.onFailure?.(error, sent);
        throw error;
      }
    },
  });
  // A response priced elsewhere, shown for the request it was priced for.
  const [replaced, setReplaced] = useState<{ asked: string; response: PricingResponse }>();
  const replace = (response: PricingResponse) => {
    if (asked && latest.current.asked === asked) setReplaced({ asked, response });
  };
  const retry = () => void query.refetch();

  if (asked && replaced?.asked === asked)
    return { status: 'ready', response: replaced.response, retry, replace };
  if (asked && query.data) return { status: 'ready', response: query.data, retry, replace };
  // Asking again after a failure shows as loading.
  const failed = asked !== null && query.isError && !query.isFetching;
  return { status: failed ? 'failed' : 'loading', retry, replace };
}
