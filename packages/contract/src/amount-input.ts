/**
 * The one reader of amounts people type: the server's catalog file and
 * command line, the seller's price form and refund dialog. Apart from
 * money.ts, which the first page load carries for showing prices, since
 * the buyers' pages never read a typed amount.
 */

/**
 * Digits as a person types an amount, in major units: an optional symbol
 * ("$", "₹"), digits grouped by commas or not ("41,299", "41,29,900",
 * "41299"), and up to two decimals after a point. A comma before the last
 * one or two digits ("449,10") could be a decimal comma or a typo, so it is
 * refused rather than guessed; so are signs, spaces inside and a third decimal.
 */
const TYPED_AMOUNT = /^[$₹]?\s*(\d{1,3}(?:,\d{2,3})*,\d{3}|\d+)(?:\.(\d{1,2}))?$/;

/**
 * What a person typed ("1,299.50", "41299", "₹41,299.00") in integer minor
 * units, exactly, without going through a binary fraction; null for
 * anything that is not such an amount (the caller says what it wanted).
 */
export function parseAmount(text: string): number | null {
  const match = TYPED_AMOUNT.exec(text.trim());
  if (!match) return null;
  const whole = match[1]!.replaceAll(',', '');
  const minor = Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}
