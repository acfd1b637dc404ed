/** How the back office writes amounts and times: in the seller's own locale and time zone. */
import type { Currency, OrderStatus } from '@wifi7/contract';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units as the seller reads it, e.g. "$449.10" or "₹41,299.00". */
export function formatMoney(minor: number, currency: Currency | string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', {
      style: 'currency',
      currency,
    });
    moneyFormats.set(currency, format);
  }
  return format.format(minor / 100);
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

export const RAIL_LABELS = { paypal_invoice: 'PayPal invoice', zoho_link: 'Zoho link' } as const;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
