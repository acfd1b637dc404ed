import { formatMinor, toMinor } from '@wifi7/contract';
import { useEffect, useState } from 'react';
import { errorName } from '../../../lib/error-name';
import { remoteLog } from '../../../lib/remote-log';
import { useVisitorLocation } from '../../../lib/visitor-country';
import { useCartStore } from '../../cart';
import { displayPrice, fetchPrices, pricingRequestFor, type DisplayedPrice } from '../../pricing';

export type WorkshopPrice =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | {
      status: 'ready';
      price: DisplayedPrice;
      /** The list price before discount, two decimals, e.g. "499.00". */
      listAmount: string;
    };

interface Outcome {
  key: string;
  result: WorkshopPrice;
}

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
  const [outcome, setOutcome] = useState<Outcome>();
  const request = location ? pricingRequestFor([productSku], location, cartCode) : null;
  const key = request ? JSON.stringify(request) : null;

  useEffect(() => {
    if (!key) return;
    const pricing = JSON.parse(key) as Parameters<typeof fetchPrices>[0];
    let active = true;
    fetchPrices(pricing).then(
      (response) => {
        const entry = response.prices.find((each) => each.productSku === productSku);
        if (!entry) void remoteLog.warning(`workshop: no price for ${productSku}`);
        const result: WorkshopPrice = entry
          ? {
              status: 'ready',
              price: displayPrice(entry),
              listAmount: formatMinor(toMinor(entry.price)),
            }
          : { status: 'unavailable' };
        if (active) setOutcome({ key, result });
      },
      (error: unknown) => {
        void remoteLog.error(`workshop: pricing failed (${errorName(error)})`);
        if (active) setOutcome({ key, result: { status: 'unavailable' } });
      },
    );
    return () => {
      active = false;
    };
  }, [key, productSku]);

  if (!key || outcome?.key !== key) return { status: 'loading', country };
  return { ...outcome.result, country };
}
