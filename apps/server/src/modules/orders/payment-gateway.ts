/**
 * The port every payment rail implements (PayPal invoices, Zoho payment
 * links). The order service speaks only these words; each adapter maps its
 * provider's vocabulary to them in one place.
 */
import type { OrderRow } from './repository';

/** What the provider says about an order's payment, asked directly. */
export type ProviderPaymentState =
  | { kind: 'paid'; paidMinor: number; currency: string }
  | { kind: 'waiting'; note?: string }
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

export interface PaymentGateway {
  readonly rail: OrderRow['rail'];
  /**
   * Creates and issues the provider object (sends the invoice, creates the
   * link). Idempotent for one order: after a lost answer it finds what it
   * made before instead of making another. `remember` is called as soon as
   * the provider id is known, so a crash in between loses nothing.
   */
  issue(
    order: OrderRow,
    remember: (providerReference: string) => Promise<void>,
  ): Promise<IssuedPayment>;
  fetchState(order: OrderRow): Promise<ProviderPaymentState>;
  /** Withdraws the invoice or link; already withdrawn counts as done. */
  cancel(order: OrderRow): Promise<void>;
}
