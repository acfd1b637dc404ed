/**
 * Decimal strings as PayPal sends them ("449.10", "1", "12.5") turned into
 * exact integers, so sums and percentages never meet floating-point error.
 */
import type { Money } from './types';

/** Currencies PayPal documents without a fractional unit. */
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);

/** Currencies a PayPal account can invoice in (PayPal's list of supported currencies). */
export const SUPPORTED_CURRENCIES = new Set([
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'HKD',
  'HUF',
  'ILS',
  'JPY',
  'MYR',
  'MXN',
  'TWD',
  'NZD',
  'NOK',
  'PHP',
  'PLN',
  'GBP',
  'SGD',
  'SEK',
  'CHF',
  'THB',
  'USD',
]);

export function currencyDigits(currency: string): number {
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}

const DECIMAL = /^(-?)(\d*)(?:\.(\d+))?$/;

/**
 * The decimal `value` as an integer count of 10^-scale units, or undefined
 * when it is not a plain decimal or carries more significant fraction
 * digits than `scale`.
 */
export function parseScaled(value: string, scale: number): bigint | undefined {
  const match = DECIMAL.exec(value);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  if (fraction.length > scale && /[^0]/.test(fraction.slice(scale))) return undefined;
  const digits = `${whole || '0'}${fraction.slice(0, scale).padEnd(scale, '0')}`;
  const units = BigInt(digits);
  return sign === '-' ? -units : units;
}

export function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** Integer division rounding half away from zero (how money is rounded on invoices). */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n);
  return negative ? -rounded : rounded;
}

/** The amount in the currency's minor units, or undefined when it is not valid for it. */
export function toMinor(money: Money): bigint | undefined {
  return parseScaled(money.value, currencyDigits(money.currency_code));
}

export function fromMinor(currency: string, minor: bigint): Money {
  return { currency_code: currency, value: formatScaled(minor, currencyDigits(currency)) };
}

/** For people: "$449.10", "₹1,000.00", "€12.50". */
export function displayMoney(money: Money): string {
  const amount = Number(money.value);
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: money.currency_code,
    }).format(amount);
  } catch {
    return `${money.value} ${money.currency_code}`;
  }
}
