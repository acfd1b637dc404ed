import { formatMinor, toMinor } from '@wifi7/contract';
import { useEffect, useState } from 'react';
import { RequestFailedError } from '../../../lib/api-client';
import { remoteLog } from '../../../lib/remote-log';
import { useVisitorCountry } from '../../../lib/visitor-country';
import { useCartStore } from '../../cart';
import { displayPrice, fetchPrices, type DisplayedPrice } from '../../pricing';

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

function describeFailure(error: unknown): string {
  if (error instanceof RequestFailedError) return `status ${error.status}`;
  return error instanceof Error ? error.name : 'unknown error';
}

/**
 * The price of one product for this visitor (spec sections 2, 5 and 7): the
 * country comes from the IP look-up (US when it fails), the discount code from
 * the cart (null when there is none). Pricing needs no sign-in. The server
 * picks the currency from the country: INR for India, USD otherwise.
 */
export function useWorkshopPrice(productSku: string): WorkshopPrice & { country?: string } {
  const country = useVisitorCountry();
  const discountCode = useCartStore((state) => state.discountCode.trim()) || null;
  const [outcome, setOutcome] = useState<Outcome>();
  const key = country ? JSON.stringify([productSku, country, discountCode]) : null;

  useEffect(() => {
    if (!key || !country) return;
    let active = true;
    fetchPrices({ productSkus: [productSku], countryCode: country, discountCode }).then(
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
        void remoteLog.error(`workshop: pricing failed (${describeFailure(error)})`);
        if (active) setOutcome({ key, result: { status: 'unavailable' } });
      },
    );
    return () => {
      active = false;
    };
  }, [key, productSku, country, discountCode]);

  if (!key || outcome?.key !== key) return { status: 'loading', country };
  return { ...outcome.result, country };
}
