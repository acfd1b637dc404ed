import type { Currency } from './money-schemas';

/**
 * Money is held as an integer number of minor units (cents, paise) so that
 * arithmetic never drifts. These helpers are shared by the server, which
 * charges the amount, and the browser, which displays it, so the two agree
 * to the paisa.
 */

export const DEFAULT_CURRENCY: Currency = 'USD';

/** Discount in minor units: price × percent ÷ 100, rounded half up. */
export function discountMinor(priceMinor: number, percent: number): number {
  assertMinor(priceMinor);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`Discount percent must be an integer 0..100, got ${percent}`);
  }
  return Math.floor((priceMinor * percent + 50) / 100);
}

/** Price after discount (spec: price − price × discount ÷ 100), in minor units. */
export function priceAfterDiscountMinor(priceMinor: number, percent: number): number {
  return priceMinor - discountMinor(priceMinor, percent);
}

/** Converts a major-unit amount from the wire (e.g. 499.5) to minor units. */
export function toMinor(major: number): number {
  if (!Number.isFinite(major)) throw new RangeError(`Not a finite amount: ${major}`);
  return Math.round(major * 100);
}

/** Converts minor units to the major-unit number sent on the wire. */
export function toMajor(minor: number): number {
  assertMinor(minor);
  return minor / 100;
}

/** Two-decimal string of a minor-unit amount, e.g. 49950 → "499.50". */
export function formatMinor(minor: number): string {
  assertMinor(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function currencySymbol(currency: string): string {
  return currency === 'INR' ? '₹' : '$';
}

/**
 * A minor-unit amount in major units with two decimals and its currency's
 * digit grouping, without a symbol: rupees the Indian way (en-IN,
 * 4129900 → "41,299.00", 412990000 → "41,29,900.00"), dollars the US way
 * (en-US, 129900 → "1,299.00").
 */
export function formatMoneyAmount(minor: number, currency: Currency | string): string {
  const [whole = '0', fraction = '00'] = formatMinor(Math.abs(minor)).split('.');
  const sign = minor < 0 ? '-' : '';
  return `${sign}${groupDigits(whole, currency === 'INR')}.${fraction}`;
}

/**
 * How every page and e-mail shows an amount: symbol, grouped digits and two
 * decimals, e.g. "₹41,299.00" or "$1,299.00" (spec: ₹ for INR, else $).
 */
export function formatMoney(minor: number, currency: Currency | string): string {
  const amount = formatMoneyAmount(minor, currency);
  return amount.startsWith('-')
    ? `-${currencySymbol(currency)}${amount.slice(1)}`
    : `${currencySymbol(currency)}${amount}`;
}

/** "1234567" → "1,234,567", or in Indian grouping "12,34,567". */
function groupDigits(digits: string, indian: boolean): string {
  const last = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const size = indian ? 2 : 3;
  const groups: string[] = [];
  while (rest.length > 0) {
    groups.unshift(rest.slice(-size));
    rest = rest.slice(0, -size);
  }
  return [...groups, last].join(',');
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`Minor-unit amount must be a safe integer, got ${minor}`);
  }
}
