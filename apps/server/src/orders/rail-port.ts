/**
 * The payment-rail port: everything the order life cycle asks of a payment
 * provider, in our words. Each rail (PayPal invoices, Zoho payment links)
 * implements all of it in `integrations/<provider>`, mapping the provider's
 * vocabulary to these types in one file; nothing else on the server knows a
 * provider exists. Rails see orders only as plain snapshots, never as
 * database rows. See docs/decisions/0003-payment-rail-port.md.
 */
import { INDIA_COUNTRY_CODE, type BillingSnapshot, type Currency } from '@wifi7/contract';

export type RailName = 'paypal_invoice' | 'zoho_link';

/** The currency each rail charges in: one fact, read by pricing and by orders. */
export const RAIL_CURRENCY: Readonly<Record<RailName, Currency>> = {
  paypal_invoice: 'USD',
  zoho_link: 'INR',
};

/** Buyers in India pay by Zoho payment link, everyone else by PayPal invoice. */
export function railForCountry(countryCode: string): RailName {
  return countryCode.toUpperCase() === INDIA_COUNTRY_CODE ? 'zoho_link' : 'paypal_invoice';
}

/** What a rail may know of an order: a plain copy, made by the orders repository. */
export interface OrderSnapshot {
  readonly id: string;
  readonly email: string;
  readonly rail: RailName;
  readonly currency: Currency;
  readonly workshopSku: string;
  readonly workshopName: string;
  readonly batchId: string;
  readonly batchDescription: string;
  readonly subtotalMinor: number;
  readonly discountMinor: number;
  readonly totalMinor: number;
  readonly billing: Readonly<BillingSnapshot>;
  /** PayPal: the invoice number derived from the order id. */
  readonly invoiceNumber: string | null;
  /** The provider's id of the invoice or link, once known. */
  readonly providerReference: string | null;
  /**
   * When an earlier request to create the invoice or link got no answer we
   * can trust (it may have been made): look for it, or wait for the
   * provider's word, before making another.
   */
  readonly unknownCreateSince: Date | null;
  readonly holdExpiresAt: Date;
  /**
   * A company purchase: the seats one invoice or link is for. Absent for
   * the spec's one seat for the buyer, whose invoice and link stay as the
   * spec has them.
   */
  readonly group?: GroupPurchase;
}

/** What a rail needs of a company purchase; the amounts above are for all its seats. */
export interface GroupPurchase {
  readonly seats: number;
  /** The list price of one seat: subtotalMinor = unitPriceMinor × seats. */
  readonly unitPriceMinor: number;
  /** The seller's volume percent in `discountMinor` (with the code's), told on the invoice. */
  readonly volumeDiscountPercent: number;
  /** Where the invoice or link goes instead of the buyer's address (accounts payable). */
  readonly invoiceEmail: string | null;
}

/** What the provider says about an order's payment, asked directly. */
export type ProviderPaymentState =
  /** `paymentIds`: the provider's ids of the payments, for the seller and for refunds. */
  | { kind: 'paid'; paidMinor: number; currency: string; paymentIds: string[] }
  /**
   * Not paid in full. `paidMinor`: what arrived so far (a partial payment),
   * in the order's currency; `note`: money in a state the provider will not
   * let us withdraw (a pending payment, one marked paid by hand). Either way
   * the invoice or link can no longer be withdrawn and a person decides.
   */
  | { kind: 'waiting'; paidMinor?: number; note?: string }
  | { kind: 'cancelled' }
  | { kind: 'expired' }
  | { kind: 'refunded'; partial: boolean }
  /** Paid, but not the order's full amount or currency: a person must look. */
  | { kind: 'mismatch'; note: string };

export interface IssuedPayment {
  /** The provider's id of the invoice or link. */
  providerReference: string;
  /** Where the buyer pays. */
  paymentUrl: string | null;
}

export interface RefundRequest {
  /** In the order's currency; at most what was paid and not yet refunded. */
  amountMinor: number;
  reason: 'buyer-asked' | 'paid-twice' | 'fraud' | 'other';
  /** Shown to the buyer where the provider supports it. */
  note: string;
  /** The same key for a retry of the same refund, so it is made once. */
  idempotencyKey: string;
}

export interface RefundOutcome {
  /** The provider's id of the refund. */
  refundReference: string;
  /** Pending: the provider accepted it and will settle it later. */
  state: 'completed' | 'pending';
}

/** A webhook delivery the rail verified, in our words. The provider, asked again, decides. */
export interface RailWebhookEvent {
  /** The provider's id of the event, for storing it once. */
  eventId: string;
  /** The provider's own event name, kept for the record. */
  eventType: string;
  kind: 'paid' | 'cancelled' | 'expired' | 'refunded' | 'other';
  /** How to find the order: the invoice or link id, and our order id where the provider echoes it. */
  orderReference: { providerReference?: string; orderId?: string };
}

/**
 * Why a delivery was not accepted: `malformed` (not the provider's shape),
 * `forged` (its signature does not verify) or `unverifiable` (the check
 * itself could not run; the provider will deliver again).
 */
export interface WebhookRefusal {
  refused: 'malformed' | 'forged' | 'unverifiable';
  /** Safe to answer to the caller and to log. */
  reason: string;
  /** For `unverifiable`: when the provider should deliver again (a Retry-After). */
  retryAfterSeconds?: number;
  /**
   * For `unverifiable`: the order the delivery names, unproven. Only a hint
   * to ask the provider about that order now; nothing it says is believed.
   */
  unverifiedReference?: RailWebhookEvent['orderReference'];
}

export type WebhookVerdict = { event: RailWebhookEvent } | WebhookRefusal;

export type WebhookHeaders = Readonly<Record<string, string | string[] | undefined>>;

export interface PaymentRail {
  readonly rail: RailName;
  /**
   * Whether the rail can find an object whose create answer was lost (a
   * PayPal invoice by its number). One that cannot (Zoho payment links)
   * is never asked to create again after such a loss: the order waits for
   * the provider's own word, or the seller's, so a buyer never holds two
   * payable links.
   */
  readonly findsLostCreates: boolean;
  /**
   * Creates and issues the provider object (sends the invoice, creates the
   * link). Idempotent for one order: after a lost answer it finds what it
   * made before instead of making another, or (`findsLostCreates` false)
   * refuses to make another. `remember` is called as soon as
   * the provider id is known, so a crash in between loses nothing.
   */
  issue(
    order: OrderSnapshot,
    remember: (providerReference: string) => Promise<void>,
  ): Promise<IssuedPayment>;
  fetchState(order: OrderSnapshot): Promise<ProviderPaymentState>;
  /** Withdraws the invoice or link; already withdrawn counts as done. */
  cancel(order: OrderSnapshot): Promise<void>;
  /**
   * Sends the buyer the order's invoice or link again (a reminder from the
   * provider, with the same pay address); refused when it can no longer be paid.
   */
  remind(order: OrderSnapshot): Promise<void>;
  /** Gives money back on a paid order, fully or in part. */
  refund(order: OrderSnapshot, request: RefundRequest): Promise<RefundOutcome>;
  /** Verifies a delivery on its raw bytes before reading anything in it. */
  parseWebhook(headers: WebhookHeaders, rawBody: string): Promise<WebhookVerdict>;
  /** The buyer's record at the provider, where the rail needs one before paying. */
  readonly contacts?: BuyerContacts;
}

export interface BuyerContact {
  contactId: string;
  firstName: string;
  lastName: string;
}

/** A buyer's contact details as our contact form collects them (India). */
export interface NewBuyerContact {
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  /** One of the contract's Indian state names. */
  state: string;
  zip: string;
  /** A GST-registered business buyer: its GSTIN, checked by the contract. */
  gstin?: string;
  company?: string;
}

export interface BuyerContacts {
  findByEmail(email: string): Promise<BuyerContact | undefined>;
  /** Creates the contact, or finds the buyer's own when it already exists. */
  create(contact: NewBuyerContact): Promise<{ contact: BuyerContact; created: boolean }>;
}

// ── The rail's failures, in our words ─────────────────────────────────────

/** The provider could not be reached, was too slow, failed, or answered garbage: try again later. */
export class RailUnavailableError extends Error {
  constructor(
    message: string,
    /**
     * True when nobody can tell whether the provider acted (no answer, an
     * interrupted or garbled one); false when it answered that it failed.
     */
    readonly outcomeUnknown = true,
  ) {
    super(message);
    this.name = 'RailUnavailableError';
  }
}

/** The provider answered and refused the request; repeating it will not help. */
export class RailRefusedError extends Error {
  constructor(
    /** The provider's own code, for the seller and the logs. */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RailRefusedError';
  }
}

/** The provider says the object we tried to withdraw is already paid. */
export class PaidAtProviderError extends Error {
  constructor() {
    super('The provider reports the payment as already made');
    this.name = 'PaidAtProviderError';
  }
}

export function isRailFailure(error: unknown): error is RailUnavailableError | RailRefusedError {
  return error instanceof RailUnavailableError || error instanceof RailRefusedError;
}
