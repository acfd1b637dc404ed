/**
 * The parts of PayPal's Invoicing v2 wire format the emulator reads and
 * writes, named as on the wire (snake_case). The full schema is in
 * contracts/paypal/invoicing_v2.json; request bodies are checked against it
 * before they are treated as these types.
 */

export type InvoiceStatus =
  | 'DRAFT'
  | 'SENT'
  | 'SCHEDULED'
  | 'PAID'
  | 'MARKED_AS_PAID'
  | 'CANCELLED'
  | 'REFUNDED'
  | 'PARTIALLY_PAID'
  | 'PARTIALLY_REFUNDED'
  | 'MARKED_AS_REFUNDED'
  | 'UNPAID'
  | 'PAYMENT_PENDING';

export interface Money {
  currency_code: string;
  value: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface LinkDescription {
  href: string;
  rel: string;
  method?: HttpMethod;
}

export interface Discount {
  percent?: string;
  amount?: Money;
}

export interface Tax {
  name: string;
  percent: string;
  amount?: Money;
}

export interface Item {
  id?: string;
  name: string;
  description?: string;
  quantity: string;
  unit_amount: Money;
  tax?: Tax;
  item_date?: string;
  discount?: Discount;
  unit_of_measure?: 'QUANTITY' | 'HOURS' | 'AMOUNT';
}

export interface PersonName {
  prefix?: string;
  given_name?: string;
  surname?: string;
  middle_name?: string;
  suffix?: string;
  full_name?: string;
}

export interface Address {
  address_line_1?: string;
  address_line_2?: string;
  admin_area_2?: string;
  admin_area_1?: string;
  postal_code?: string;
  country_code: string;
}

export interface BillingInfo {
  business_name?: string;
  name?: PersonName;
  address?: Address;
  email_address?: string;
  additional_info?: string;
  language?: string;
}

export interface RecipientInfo {
  billing_info?: BillingInfo;
  shipping_info?: { business_name?: string; name?: PersonName; address?: Address };
}

export interface InvoicerInfo {
  business_name?: string;
  name?: PersonName;
  address?: Address;
  email_address?: string;
  website?: string;
  logo_url?: string;
}

export interface Metadata {
  create_time: string;
  created_by?: string;
  last_update_time?: string;
  last_updated_by?: string;
  cancel_time?: string;
  cancelled_by?: string;
  first_sent_time?: string;
  last_sent_time?: string;
  last_sent_by?: string;
  created_by_flow?: 'REGULAR_SINGLE';
  recipient_view_url: string;
  invoicer_view_url: string;
}

export interface InvoiceDetail {
  currency_code: string;
  invoice_number?: string;
  reference?: string;
  invoice_date?: string;
  note?: string;
  terms_and_conditions?: string;
  memo?: string;
  payment_term?: { term_type?: string; due_date?: string };
  metadata?: Metadata;
}

export interface Configuration {
  tax_calculated_after_discount?: boolean;
  tax_inclusive?: boolean;
  allow_tip?: boolean;
  partial_payment?: { allow_partial_payment?: boolean; minimum_amount_due?: Money };
  template_id?: string;
}

export interface AmountBreakdown {
  item_total: Money;
  discount?: { invoice_discount?: Discount; item_discount?: Money };
  tax_total?: Money;
  shipping?: { amount?: Money; tax?: Tax };
  custom?: { label: string; amount?: Money };
}

export interface AmountSummary {
  currency_code: string;
  value: string;
  breakdown?: AmountBreakdown;
}

export type PaymentMethod =
  | 'BANK_TRANSFER'
  | 'CASH'
  | 'CHECK'
  | 'CREDIT_CARD'
  | 'DEBIT_CARD'
  | 'PAYPAL'
  | 'WIRE_TRANSFER'
  | 'OTHER';

export interface PaymentDetail {
  type: 'PAYPAL' | 'EXTERNAL';
  payment_id: string;
  payment_date: string;
  method: PaymentMethod;
  amount: Money;
}

export interface RefundDetail {
  type: 'PAYPAL' | 'EXTERNAL';
  refund_id: string;
  refund_date: string;
  method: PaymentMethod;
  amount: Money;
}

/** What a client may send to create an invoice (schema `invoice`, read-only parts ignored). */
export interface InvoiceRequest {
  detail: InvoiceDetail;
  invoicer?: InvoicerInfo;
  primary_recipients?: RecipientInfo[];
  additional_recipients?: string[];
  items?: Item[];
  configuration?: Configuration;
  amount?: { breakdown?: Partial<AmountBreakdown> };
}

/** An invoice as PayPal returns it. */
export interface Invoice {
  id: string;
  status: InvoiceStatus;
  detail: InvoiceDetail & { invoice_number: string; invoice_date: string; metadata: Metadata };
  invoicer?: InvoicerInfo;
  primary_recipients?: RecipientInfo[];
  additional_recipients?: string[];
  items: Item[];
  configuration: Configuration;
  amount: AmountSummary & { breakdown: AmountBreakdown };
  due_amount: Money;
  payments?: { paid_amount: Money; transactions: PaymentDetail[] };
  refunds?: { refund_amount: Money; transactions: RefundDetail[] };
  links: LinkDescription[];
}

/** Body of `send` and `cancel` (schema `notification`). */
export interface NotificationRequest {
  subject?: string;
  note?: string;
  send_to_invoicer?: boolean;
  send_to_recipient?: boolean;
  additional_recipients?: string[];
}

/** Body of `search-invoices` (schema `search_data`, the fields the emulator filters on). */
export interface SearchRequest {
  invoice_number?: string;
  recipient_email?: string;
  recipient_first_name?: string;
  recipient_last_name?: string;
  status?: InvoiceStatus[];
  reference?: string;
  currency_code?: string;
}

export type InvoiceEventType =
  'INVOICING.INVOICE.PAID' | 'INVOICING.INVOICE.CANCELLED' | 'INVOICING.INVOICE.REFUNDED';

/** A webhook event (schema `event` of the webhooks API) carrying a v2 invoice. */
export interface WebhookEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: 'invoices';
  event_type: InvoiceEventType;
  summary: string;
  resource_version: '2.0';
  resource: { invoice: Invoice };
  links: LinkDescription[];
}
