/**
 * The page state of one pricing request (POST /api/courses/pricing): the
 * one hook of this endpoint. Each feature keeps its own rules (what to log,
 * what to make of the answer) in the listener it passes.
 */
import type { PricingRequest, PricingResponse } from '@wifi7/contract';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { fetchPrices } from '../api/fetch-prices';

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

interface Outcome {
  key: string;
  prices: Prices;
}

/**
 * Prices `request`, again whenever its content changes and on `retry()`;
 * `null` while it is not known yet (e.g. the country), which counts as
 * loading. Only the answer to the latest request is shown.
 */
export function usePrices(
  request: PricingRequest | null,
  listener: PricesListener = {},
): PricesHandle {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>();
  const asked = request ? JSON.stringify(request) : null;
  const key = asked ? `${attempt}#${asked}` : null;
  const latestKey = useRef(key);
  const hearResponse = useEffectEvent(
    (response: PricingResponse, sent: PricingRequest, current: boolean) =>
      listener.onResponse?.(response, sent, current),
  );
  const hearFailure = useEffectEvent((error: unknown, sent: PricingRequest) =>
    listener.onFailure?.(error, sent),
  );

  useEffect(() => {
    latestKey.current = key;
    if (!key || !asked) return;
    const sent = JSON.parse(asked) as PricingRequest;
    let active = true;
    fetchPrices(sent).then(
      (response) => {
        hearResponse(response, sent, active);
        if (active) setOutcome({ key, prices: { status: 'ready', response } });
      },
      (error: unknown) => {
        hearFailure(error, sent);
        if (active) setOutcome({ key, prices: { status: 'failed' } });
      },
    );
    return () => {
      active = false;
    };
  }, [key, asked]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const replace = useCallback(
    (response: PricingResponse) => {
      if (key && latestKey.current === key)
        setOutcome({ key, prices: { status: 'ready', response } });
    },
    [key],
  );

  // An answer for an earlier request or attempt is not this one's.
  const prices: Prices = key && outcome?.key === key ? outcome.prices : { status: 'loading' };
  return { ...prices, retry, replace };
}
