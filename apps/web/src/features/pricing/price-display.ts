/**
 * How a price is shown (spec sections 2 and 5): ₹ for INR, otherwise $;
 * price after discount = price − price × discount ÷ 100, with two decimals.
 * The arithmetic is the contract's, in minor units, so the page shows to the
 * cent what the server will charge; so is the one way amounts are written
 * (`formatMoney`: rupees in en-IN grouping, dollars in en-US).
 */
import { formatMoney, priceAfterDiscountMinor, toMinor, type PriceEntry } from '@wifi7/contract';

export interface DisplayedPrice {
  /** After discount, with its symbol, e.g. "$449.10" or "₹35,104.15". */
  amount: string;
  /** The list price before discount, e.g. "$499.00" or "₹41,299.00". */
  listAmount: string;
  /** "(after 10% discount)" when the discount is above 0, else ''. */
  discountNote: string;
  discount: number;
}

export function displayPrice(
  entry: Pick<PriceEntry, 'price' | 'currency' | 'discount'>,
): DisplayedPrice {
  const listMinor = toMinor(entry.price);
  return {
    amount: formatMoney(priceAfterDiscountMinor(listMinor, entry.discount), entry.currency),
    listAmount: formatMoney(listMinor, entry.currency),
    discountNote: entry.discount > 0 ? `(after ${entry.discount}% discount)` : '',
    discount: entry.discount,
  };
}
