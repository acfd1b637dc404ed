/** How the back office writes amounts and times: in the seller's own locale and time zone. */
import { ORDER_STATUS_LABELS } from '@wifi7/contract';

/**
 * An amount in minor units as the seller reads it, e.g. "$449.10" or
 * "₹41,299.00": the contract's one way, as buyers see it.
 */
export { formatMoney } from '@wifi7/contract';

// The seller's own zone, named (e.g. "PST"), so a time is never read in the wrong zone.
const calendarDay = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const timeOfDay = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
const dateTime = new Intl.DateTimeFormat(undefined, { ...calendarDay, ...timeOfDay });
const dateOnly = new Intl.DateTimeFormat(undefined, calendarDay);
const timeOnly = new Intl.DateTimeFormat(undefined, timeOfDay);

/** A moment in the seller's zone, e.g. "Jan 5, 2027, 7:30 PM PST". */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** The day of a moment in the seller's zone, e.g. "Jan 5, 2027". */
export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** The time of day of a moment in the seller's zone, e.g. "7:30 PM PST". */
export function formatTime(iso: string): string {
  return timeOnly.format(new Date(iso));
}

export const RAIL_LABELS = { paypal_invoice: 'PayPal invoice', zoho_link: 'Zoho link' } as const;

export { ORDER_STATUS_LABELS };
