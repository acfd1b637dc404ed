/** The refund dialog's amount, typed by the seller in the order's currency. */

/** "449.1" → 44910; anything that is not a positive amount with at most two decimals → null. */
export function toMinorOrNull(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}
