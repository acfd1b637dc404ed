import type { PricingRequest, PricingResponse } from '@wifi7/contract';
import { errorName } from '../../../lib/error-name';
import { remoteLog } from '../../../lib/remote-log';
import { useVisitorLocation } from '../../../lib/visitor-country';
import { useCartStore } from '../../cart';
import { displayPrice, pricingRequestFor, usePrices, type DisplayedPrice } from '../../pricing';

export type WorkshopPrice =
  { status: 'loading' } | { status: 'unavailable' } | { status: 'ready'; price: DisplayedPrice };

/** Every answer and failure is logged, also one for a request since replaced. */
const logAnswers = {
  onResponse(response: PricingResponse, request: PricingRequest) {
    for (const productSku of request.productSkus) {
      if (!response.prices.some((each) => each.productSku === productSku))
        void remoteLog.warning(`workshop: no price for ${productSku}`);
    }
  },
  onFailure(error: unknown) {
    void remoteLog.error(`workshop: pricing failed (${errorName(error)})`);
  },
};

/**
 * The price of one product for this visitor (spec sections 2, 5 and 7): the
 * country comes from the IP look-up, the discount code from the cart (null
 * when there is none); when the look-up fails, US with no discount. Pricing needs no sign-in. The server
 * picks the currency from the country: INR for India, USD otherwise.
 */
export function useWorkshopPrice(productSku: string): WorkshopPrice & { country?: string } {
  const location = useVisitorLocation();
  const country = location?.country;
  const cartCode = useCartStore((state) => state.discountCode.trim()) || null;
  const request = location ? pricingRequestFor([productSku], location, cartCode) : null;
  const prices = usePrices(request, logAnswers);

  if (prices.status === 'loading') return { status: 'loading', country };
  const entry =
    prices.status === 'ready'
      ? prices.response.prices.find((each) => each.productSku === productSku)
      : undefined;
  if (!entry) return { status: 'unavailable', country };
  return {
    status: 'ready',
    price: displayPrice(entry),
    country,
  };
}
