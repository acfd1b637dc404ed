/**
 * How a batch description is read and shown (spec section 3, "Batch").
 *
 * A description has the form "dates -- timing", two dashes between the parts,
 * e.g. "Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time".
 *
 * - dates:   the first part without its region → "Jan 12 - Mar 4, 2027"
 * - region:  the first part's text in brackets  → "Americas"
 * - timing:  the second part, with the word "to" turned into a dash and
 *            "Pacific Time" shortened to "PT"   → "Tue & Thu, 9 - 11 AM PT"
 * - display: the timing followed by the region in brackets
 *                                               → "Tue & Thu, 9 - 11 AM PT (Americas)"
 *
 * Every field is an empty string when its value does not exist, so a
 * malformed or missing description never breaks the page.
 */

export interface BatchDescription {
  dates: string;
  region: string;
  timing: string;
  display: string;
}

const PART_SEPARATOR = '--';
// Only the lower-case word "to": "Tokyo", "Toronto" or "into" stay as they are.
const WORD_TO = /(?<![\p{L}\p{N}_])to(?![\p{L}\p{N}_])/gu;
const PACIFIC_TIME = /\bPacific Time\b/g;
const REGION = /\(([^()]*)\)/;

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Splits and shortens one description; see the module comment for the rule. */
export function describeBatch(description: string | null | undefined): BatchDescription {
  const text = typeof description === 'string' ? description : '';
  const at = text.indexOf(PART_SEPARATOR);
  const first = at === -1 ? text : text.slice(0, at);
  const second = at === -1 ? '' : text.slice(at + PART_SEPARATOR.length);

  const region = tidy(REGION.exec(first)?.[1] ?? '');
  const dates = tidy(first.replace(REGION, ' '));
  const timing = tidy(second.replace(WORD_TO, '-').replace(PACIFIC_TIME, 'PT'));
  const display = [timing, region && `(${region})`].filter(Boolean).join(' ');

  return { dates, region, timing, display };
}

/**
 * The text of a batch in the dropdown. Two batches can share a timing (the
 * same weekdays and hours, months apart), so the dates lead.
 */
export function batchOptionLabel(description: string | null | undefined): string {
  const { dates, display } = describeBatch(description);
  return [dates, display].filter(Boolean).join(' · ');
}
