/**
 * An in-memory payment rail for order-service tests: it records what it is
 * asked, and its answers (state, failures) are set by the test.
 */
import type {
  IssuedPayment,
  PaymentGateway,
  ProviderPaymentState,
} from '../../src/modules/orders/payment-gateway';
import type { OrderRow } from '../../src/modules/orders/repository';
import { PaidAtProviderError } from '../../src/modules/orders/errors';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
} from '../../src/integrations/shared/provider-http';

export class FakeGateway implements PaymentGateway {
  readonly rail = 'paypal_invoice' as const;
  readonly issued: string[] = [];
  readonly cancelled: string[] = [];
  state: ProviderPaymentState = { kind: 'waiting' };
  /** What the next issue does. */
  issueMode: 'ok' | 'down' | 'refused' = 'ok';
  cancelMode: 'ok' | 'paid' | 'down' = 'ok';
  issueDelayMs = 0;

  async issue(
    order: OrderRow,
    remember: (reference: string) => Promise<void>,
  ): Promise<IssuedPayment> {
    if (this.issueDelayMs) await new Promise((resolve) => setTimeout(resolve, this.issueDelayMs));
    if (this.issueMode === 'down')
      throw new ProviderUnavailableError('paypal', 'no answer within 10000 ms');
    if (this.issueMode === 'refused') {
      throw new ProviderRejectedError(
        'paypal',
        400,
        'INVALID_PARAMETER_SYNTAX',
        'Country code is invalid.',
      );
    }
    const reference = order.providerReference ?? `INV2-${order.id}`;
    await remember(reference);
    this.issued.push(order.id);
    return { providerReference: reference, paymentUrl: `https://pay.example/${reference}` };
  }

  async fetchState(): Promise<ProviderPaymentState> {
    return this.state;
  }

  async cancel(order: OrderRow): Promise<void> {
    if (this.cancelMode === 'paid') throw new PaidAtProviderError();
    if (this.cancelMode === 'down') throw new ProviderUnavailableError('paypal', 'down');
    this.cancelled.push(order.id);
  }
}
