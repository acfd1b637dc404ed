/**
 * Rupee amounts. Requests carry a JSON number in rupees (41299 or 41299.5);
 * answers carry a string with two decimals ("41299.50"); people see
 * "₹41,299.50" with Indian digit grouping (₹1,41,299.00). Inside the
 * emulator amounts are whole paise, so nothing is lost to floating point.
 */

/**
 * Paise of a request's `amount`, or undefined when it is not a positive
 * JSON number with at most two decimals. `String(number)` gives the
 * shortest text that reads back as the same number, so 0.1 + 0.2 shows up
 * as the 17-digit value it is and is refused, like a third decimal.
 */
export function paiseOf(amount: unknown): number | undefined {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return undefined;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!match) return undefined;
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : undefined;
}

/** "41299.00": the wire format of amounts in answers. */
export function rupeesText(paise: number): string {
  const whole = Math.floor(paise / 100);
  return `${whole}.${String(paise % 100).padStart(2, '0')}`;
}

/** Paise of an answer's amount ("41299.00"), the inverse of `rupeesText`. */
export function paiseOfText(text: string): number {
  return Number(text.replace('.', ''));
}

const INR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** "₹41,299.00", for pages and e-mails. */
export function displayInr(paise: number): string {
  return INR.format(paise / 100);
}
