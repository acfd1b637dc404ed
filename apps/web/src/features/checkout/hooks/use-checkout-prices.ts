/**
 * Prices of the cart (POST /api/courses/pricing) for the buyer's country and
 * the cart's discount code, and applying a new code. The server decides the
 * currency and the discount; the page only shows its answer.
 */
import type { PriceEntry, PricingRequest, PricingResponse } from '@wifi7/contract';
import { useCallback, useState } from 'react';
import { useCartStore } from '../../cart';
import { fetchPrices, usePrices } from '../../pricing';
import { remoteLog } from '../../../lib/remote-log';
import { errorName } from '../../../lib/error-name';

export type PricesState =
  | { status: 'loading' }
  | { status: 'ready'; prices: PriceEntry[] }
  | { status: 'failed'; retry: () => void };

export type ApplyResult =
  { applied: true; summaryKey: string } | { applied: false; reason: string | null };

/**
 * What the buyer's summary shows, as one string: it changes whenever a line
 * or the total would, so a message about one summary is not kept beside another.
 */
export function summaryKeyOf(prices: PricesState): string {
  if (prices.status !== 'ready') return prices.status;
  return prices.prices
    .map((entry) => `${entry.productSku}:${entry.price}:${entry.currency}:${entry.discount}`)
    .join('\n');
}

function logPricingFailure(error: unknown) {
  void remoteLog.warning(`checkout: pricing failed (${errorName(error)})`);
}

export function useCheckoutPrices(productSkus: readonly string[], countryCode: string | undefined) {
  const skus = productSkus.join('\n');
  const storedCode = useCartStore((state) => state.discountCode.trim()) || null;
  // The cart's code goes along as it is when the cart is priced (for a new
  // country or cart, or on a retry). Applying or dropping a code later shows
  // that answer instead, without asking again.
  const scope = countryCode ? `${countryCode}\n${skus}` : null;
  const [asked, setAsked] = useState({ scope, code: storedCode });
  if (asked.scope !== scope) setAsked({ scope, code: storedCode });
  const askedCode = asked.scope === scope ? asked.code : storedCode;
  const request: PricingRequest | null = countryCode
    ? { productSkus: skus.split('\n'), countryCode, discountCode: askedCode }
    : null;
  // A stored code the server no longer accepts (expired, used up) is dropped
  // on load; its reason is shown next to the discount field until the cart
  // is priced anew (another country or cart) or a code applies.
  const [dropped, setDropped] = useState<{ reason: string; scope: string | null } | null>(null);
  const droppedCodeReason = dropped?.scope === scope ? dropped.reason : null;

  const loaded = usePrices(request, {
    onResponse(response, sent, current) {
      if (current && !response.success && sent.discountCode) {
        useCartStore.getState().updateDiscountCode('');
        setDropped({ reason: response.message, scope });
      }
    },
    onFailure: logPricingFailure,
  });

  let prices: PricesState;
  if (loaded.status === 'ready') prices = { status: 'ready', prices: loaded.response.prices };
  else if (loaded.status === 'failed')
    prices = {
      status: 'failed',
      retry: () => {
        setAsked({ scope, code: storedCode });
        loaded.retry();
      },
    };
  else prices = { status: 'loading' };

  const { replace } = loaded;
  /** Prices the cart with `code`; keeps the code and the new prices only when it applies. */
  const applyDiscountCode = useCallback(
    async (code: string): Promise<ApplyResult> => {
      if (!countryCode) return { applied: false, reason: null };
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
      setDropped(null);
      replace(response);
      return {
        applied: true,
        summaryKey: summaryKeyOf({ status: 'ready', prices: response.prices }),
      };
    },
    [skus, countryCode, replace],
  );

  return { prices, applyDiscountCode, droppedCodeReason };
}
