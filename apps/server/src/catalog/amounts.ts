/** Decimal text such as "499.00" or "41299.5" to integer minor units, exactly. */
export function parseMajorAmount(text: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`Not an amount with up to two decimals: ${text}`);
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount too large: ${text}`);
  return minor;
}
