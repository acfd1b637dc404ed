/**
 * A batch's description as the catalog writes it, "dates (region) --
 * timing" (e.g. "Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM
 * Pacific Time"), in its two halves, so a list can show the dates and put
 * the timing under them.
 */
export function batchPartsOf(description: string): { dates: string; timing: string } | null {
  const [dates = '', ...timing] = description.split('--').map((part) => part.trim());
  return dates ? { dates, timing: timing.join(' -- ') } : null;
}
