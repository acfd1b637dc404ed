/**
 * How a price is shown (spec sections 2 and 5): ₹ for INR, otherwise $;
 * price after discount = price − price × discount ÷ 100, with two decimals.
 * The arithmetic is the contract's, in minor units, so the page shows to the
 * cent what the server will charge.
 */
import {
  currencySymbol,
  formatMinor,
  priceAfterDiscountMinor,
  toMinor,
  type PriceEntry,
} from '@wifi7/contract';

export interface DisplayedPrice {
  symbol: string;
  /** Two decimals, after discount, e.g. "449.10". */
  amount: string;
  /** "(after 10% discount)" when the discount is above 0, else ''. */
  discountNote: string;
  discount: number;
}

export function displayPrice(
  entry: Pick<PriceEntry, 'price' | 'currency' | 'discount'>,
): DisplayedPrice {
  const minor = priceAfterDiscountMinor(toMinor(entry.price), entry.discount);
  return {
    symbol: currencySymbol(entry.currency),
    amount: formatMinor(minor),
    discountNote: entry.discount > 0 ? `(after ${entry.discount}% discount)` : '',
    discount: entry.discount,
  };
}

/** INR in Indian grouping for the Zoho page (spec section 9: en-IN), e.g. "41,299.00". */
export function formatInr(amount: string | number): string {
  return Number(amount).toLocaleString('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}
