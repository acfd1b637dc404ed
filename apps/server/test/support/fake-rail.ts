/**
 * An in-memory payment rail for order-service tests: it records what it is
 * asked, and its answers (state, failures) are set by the test.
 */
import {
  PaidAtProviderError,
  RailRefusedError,
  RailUnavailableError,
  type IssuedPayment,
  type OrderSnapshot,
  type PaymentRail,
  type ProviderPaymentState,
  type RefundOutcome,
  type RefundRequest,
  type WebhookVerdict,
} from '../../src/orders/rail-port';

export class FakeRail implements PaymentRail {
  readonly rail = 'paypal_invoice' as const;
  /** Whether it finds an object whose create answer was lost (PayPal does; Zoho does not). */
  findsLostCreates = true;
  readonly issued: string[] = [];
  readonly cancelled: string[] = [];
  /** The provider references withdrawn, in order. */
  readonly cancelledReferences: (string | null)[] = [];
  readonly refunded: { orderId: string; amountMinor: number }[] = [];
  state: ProviderPaymentState = { kind: 'waiting' };
  /** What the next issue does. */
  issueMode: 'ok' | 'down' | 'refused' = 'ok';
  cancelMode: 'ok' | 'paid' | 'down' = 'ok';
  issueDelayMs = 0;
  /** When set, issue waits here (after recording that it started) until the test opens it. */
  issueGate: Promise<void> | undefined;
  readonly started: string[] = [];

  async issue(
    order: OrderSnapshot,
    remember: (reference: string) => Promise<void>,
  ): Promise<IssuedPayment> {
    this.started.push(order.id);
    if (this.issueGate) await this.issueGate;
    if (this.issueDelayMs) await new Promise((resolve) => setTimeout(resolve, this.issueDelayMs));
    if (this.issueMode === 'down')
      throw new RailUnavailableError('paypal: no answer within 10000 ms');
    if (this.issueMode === 'refused') {
      throw new RailRefusedError('INVALID_PARAMETER_SYNTAX', 'Country code is invalid.');
    }
    const reference = order.providerReference ?? `INV2-${order.id}`;
    await remember(reference);
    this.issued.push(order.id);
    return { providerReference: reference, paymentUrl: `https://pay.example/${reference}` };
  }

  /** A state per provider reference, for orders with more than one object; else `state`. */
  readonly stateOf = new Map<string, ProviderPaymentState>();

  async fetchState(order: OrderSnapshot): Promise<ProviderPaymentState> {
    return (order.providerReference && this.stateOf.get(order.providerReference)) || this.state;
  }

  async cancel(order: OrderSnapshot): Promise<void> {
    if (this.cancelMode === 'paid') throw new PaidAtProviderError();
    if (this.cancelMode === 'down') throw new RailUnavailableError('paypal: down');
    this.cancelled.push(order.id);
    this.cancelledReferences.push(order.providerReference);
  }

  readonly reminded: string[] = [];

  async remind(order: OrderSnapshot): Promise<void> {
    this.reminded.push(order.id);
  }

  async refund(order: OrderSnapshot, request: RefundRequest): Promise<RefundOutcome> {
    this.refunded.push({ orderId: order.id, amountMinor: request.amountMinor });
    return { refundReference: `REFUND-${request.idempotencyKey}`, state: 'completed' };
  }

  async parseWebhook(): Promise<WebhookVerdict> {
    return { refused: 'malformed', reason: 'The fake rail receives no webhooks.' };
  }
}
