/**
 * Zoho Payments' payment links as they travel on the wire (snake_case,
 * amounts as two-decimal strings, times in epoch seconds as in Zoho's
 * samples), and the webhook events about them.
 */

export type LinkStatus = 'active' | 'paid' | 'canceled' | 'expired';

/** One attempt to pay a link, as listed in its `payments`; a refund changes its status. */
export interface LinkPayment {
  payment_id: string;
  amount: string;
  status: 'succeeded' | 'failed' | 'partially_refunded' | 'refunded';
  /** Epoch seconds. */
  date: number;
}

export interface NotifyCustomer {
  email: boolean;
  sms: boolean;
}

export interface PaymentLink {
  payment_link_id: string;
  /** The hosted pay page. */
  url: string;
  /** yyyy-MM-dd; payable until the end of that day in India. */
  expires_at: string;
  amount: string;
  amount_paid: string;
  currency: 'INR';
  status: LinkStatus;
  email: string;
  phone: string;
  phone_country_code: string;
  reference_id: string;
  description: string;
  return_url: string;
  notify_customer: NotifyCustomer;
  configurations: { allowed_payment_methods?: string[] };
  /** Epoch seconds. */
  created_time: number;
  created_by_id: string;
  created_by: string;
  last_modified_by_id: string;
  last_modified: string;
  payments: LinkPayment[];
}

/** The payment object of `payment.*` events. */
export interface PaymentObject {
  payment_id: string;
  amount: string;
  currency: 'INR';
  status: 'failed';
  date: number;
  description: string;
  reference_number: string;
  payment_link_id: string;
  payment_method: { type: 'card' };
  failure_reason: string;
}

export type RefundReason = 'duplicate' | 'fraudulent' | 'requested_by_customer' | 'others';

/** A refund of a payment, as the Refunds API answers it. */
export interface Refund {
  refund_id: string;
  payment_id: string;
  amount: string;
  type: 'initiated_by_merchant' | 'initiated_by_customer';
  reason: RefundReason;
  description: string;
  status: 'succeeded';
  failure_reason: '';
  /** Epoch seconds. */
  date: number;
}

export type ZohoEventType =
  | 'payment_link.paid'
  | 'payment_link.expired'
  | 'payment_link.canceled'
  | 'payment.failed'
  | 'refund.succeeded';

export type EventObject =
  { payment_link: PaymentLink } | { payment: PaymentObject } | { refund: Refund };
