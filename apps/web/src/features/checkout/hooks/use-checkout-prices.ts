/**
 * Prices of the cart (POST /api/courses/pricing) for the buyer's country and
 * the cart's discount code, and applying a new code. The server decides the
 * currency and the discount; the page only shows its answer.
 */
import type { PriceEntry, PricingResponse } from '@wifi7/contract';
import { useCallback, useEffect, useState } from 'react';
import { useCartStore } from '../../cart';
import { fetchPrices } from '../../pricing';
import { remoteLog } from '../../../lib/remote-log';
import { errorName } from '../../../lib/error-name';

export type PricesState =
  | { status: 'loading' }
  | { status: 'ready'; prices: PriceEntry[] }
  | { status: 'failed'; retry: () => void };

export type ApplyResult = { applied: true } | { applied: false; reason: string | null };

interface Loaded {
  key: string;
  response?: PricingResponse;
}

export function useCheckoutPrices(productSkus: readonly string[], countryCode: string | undefined) {
  const skus = productSkus.join('\n');
  const [attempt, setAttempt] = useState(0);
  const key = countryCode ? `${countryCode}\n${attempt}\n${skus}` : null;
  const [loaded, setLoaded] = useState<Loaded>();
  // A stored code the server no longer accepts (expired, used up) is dropped
  // on load; its reason is shown next to the discount field.
  const [droppedCodeReason, setDroppedCodeReason] = useState<string | null>(null);

  useEffect(() => {
    if (!key || !countryCode) return;
    let active = true;
    const { discountCode } = useCartStore.getState();
    const request = {
      productSkus: skus.split('\n'),
      countryCode,
      discountCode: discountCode.trim() || null,
    };
    fetchPrices(request).then(
      (response) => {
        if (!active) return;
        if (!response.success && request.discountCode) {
          useCartStore.getState().updateDiscountCode('');
          setDroppedCodeReason(response.message);
        }
        setLoaded({ key, response });
      },
      (error: unknown) => {
        void remoteLog.warning(`checkout: pricing failed (${errorName(error)})`);
        if (active) setLoaded({ key });
      },
    );
    return () => {
      active = false;
    };
  }, [key, skus, countryCode]);

  let prices: PricesState;
  if (!key || loaded?.key !== key) prices = { status: 'loading' };
  else if (loaded.response) prices = { status: 'ready', prices: loaded.response.prices };
  else prices = { status: 'failed', retry: () => setAttempt((n) => n + 1) };

  /** Prices the cart with `code`; keeps the code and the new prices only when it applies. */
  const applyDiscountCode = useCallback(
    async (code: string): Promise<ApplyResult> => {
      if (!key || !countryCode) return { applied: false, reason: null };
      let response: PricingResponse;
      try {
        response = await fetchPrices({
          productSkus: skus.split('\n'),
          countryCode,
          discountCode: code,
        });
      } catch (error) {
        void remoteLog.warning(`checkout: discount pricing failed (${errorName(error)})`);
        return { applied: false, reason: null };
      }
      if (!response.success) return { applied: false, reason: response.message };
      useCartStore.getState().updateDiscountCode(code);
      setDroppedCodeReason(null);
      setLoaded({ key, response });
      return { applied: true };
    },
    [key, skus, countryCode],
  );

  return { prices, applyDiscountCode, droppedCodeReason };
}
