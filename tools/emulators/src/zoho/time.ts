/**
 * Dates as the India editions of Zoho handle them: the organization's day
 * is India Standard Time (UTC+05:30, no daylight saving), so a payment
 * link with `expires_at: "2025-03-12"` can be paid until 23:59:59 IST that
 * day, and Books writes times like `2025-03-10T21:30:00+0530`.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The calendar date in India at the given instant, yyyy-MM-dd. */
export function istDate(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** True for a real calendar date written yyyy-MM-dd (not 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/** The first instant after the given Indian calendar day. */
export function endOfIstDay(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS + DAY_MS;
}

/** The Indian calendar date `days` after the given instant's. */
export function istDatePlusDays(ms: number, days: number): string {
  return istDate(ms + days * DAY_MS);
}

/** Books' time stamps: `2025-03-10T21:30:00+0530`. */
export function booksTime(ms: number): string {
  return `${new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 19)}+0530`;
}

/** "12 Mar 2025", for pages and e-mails. */
export function displayDate(date: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(`${date}T00:00:00Z`));
}
