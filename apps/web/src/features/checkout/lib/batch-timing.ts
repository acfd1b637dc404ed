/**
 * How a batch's timing is shown in the cart (spec section 3, "Batch"). A
 * description reads "dates -- timing", e.g.
 *   "Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time"
 * and is shown as the timing with "to" turned into a dash and "Pacific Time"
 * shortened to "PT", followed by the dates' region in brackets:
 *   "Tue & Thu, 9 - 11 AM PT (Americas)".
 * No description, or one without a timing part, shows as an empty string.
 *
 * The workshop page owns the same rule; this private copy keeps the checkout
 * free of imports from another feature until the workshop feature exports it.
 */
const PART_SEPARATOR = '--';

export function batchTimingLabel(description: string | null | undefined): string {
  if (!description) return '';
  const at = description.indexOf(PART_SEPARATOR);
  if (at < 0) return '';
  const dates = description.slice(0, at).trim();
  const timing = description
    .slice(at + PART_SEPARATOR.length)
    .trim()
    .replace(/\bto\b/g, '-')
    .replace(/Pacific Time/g, 'PT');
  if (!timing) return '';
  const region = /\(([^()]+)\)/.exec(dates)?.[1]?.trim();
  return region ? `${timing} (${region})` : timing;
}
