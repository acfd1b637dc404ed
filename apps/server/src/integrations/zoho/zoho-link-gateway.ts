/**
 * The Zoho payment-link rail (India, INR). The link's `reference_id` is our
 * order id, so a payment on any link we made for the order can be traced
 * back to it. Zoho has no idempotency key for links, so a create is never
 * repeated blindly: the order's lease and `remember` keep one link per order.
 */
import { formatMinor, toMinor } from '@wifi7/contract';
import { PaidAtProviderError } from '../../modules/orders/errors';
import type {
  IssuedPayment,
  PaymentGateway,
  ProviderPaymentState,
} from '../../modules/orders/payment-gateway';
import type { OrderRow } from '../../modules/orders/repository';
import { ProviderBadResponseError, ProviderRejectedError } from '../shared/provider-http';
import type { ZohoPaymentLink } from './wire';
import type { ZohoPaymentsClient } from './zoho-payments-client';

export class ZohoLinkGateway implements PaymentGateway {
  readonly rail = 'zoho_link' as const;

  constructor(
    private readonly client: ZohoPaymentsClient,
    /** Where Zoho sends the buyer after paying: the site's payment-status page. */
    private readonly returnUrl: string,
  ) {}

  async issue(
    order: OrderRow,
    remember: (reference: string) => Promise<void>,
  ): Promise<IssuedPayment> {
    if (order.providerReference) {
      const link = await this.client.getPaymentLink(order.providerReference);
      return { providerReference: link.payment_link_id, paymentUrl: link.url };
    }
    const link = await this.client.createPaymentLink({
      amountMinor: order.totalMinor,
      description: `Payment for ${order.workshopName}`,
      email: order.email,
      referenceId: order.id,
      returnUrl: this.returnUrl,
      expiresOn: indiaDate(order.holdExpiresAt),
    });
    await remember(link.payment_link_id);
    if (toMinor(Number(link.amount)) !== order.totalMinor || link.currency !== 'INR') {
      throw new ProviderBadResponseError(
        'zoho-payments',
        `link amount ${link.amount} ${link.currency} differs from the order's ${formatMinor(order.totalMinor)} INR`,
      );
    }
    return { providerReference: link.payment_link_id, paymentUrl: link.url };
  }

  async fetchState(order: OrderRow): Promise<ProviderPaymentState> {
    return paymentStateOfLink(await this.client.getPaymentLink(order.providerReference!), order);
  }

  async cancel(order: OrderRow): Promise<void> {
    if (!order.providerReference) return;
    try {
      await this.client.cancelPaymentLink(order.providerReference);
    } catch (error) {
      if (!(error instanceof ProviderRejectedError)) throw error;
      // Zoho refuses to cancel a link that is not active: find out why.
      const state = await this.fetchState(order);
      if (state.kind === 'paid') throw new PaidAtProviderError();
      if (state.kind !== 'cancelled' && state.kind !== 'expired') throw error;
    }
  }
}

/** Zoho's link status as our payment state; paid needs the full amount in INR. */
export function paymentStateOfLink(
  link: ZohoPaymentLink,
  order: Pick<OrderRow, 'totalMinor'>,
): ProviderPaymentState {
  switch (link.status.toLowerCase()) {
    case 'paid': {
      const paidMinor = toMinor(Number(link.amount_paid ?? link.amount));
      if (link.currency !== 'INR' || paidMinor < order.totalMinor) {
        return {
          kind: 'mismatch',
          note: `Zoho reports ${link.amount_paid ?? link.amount} ${link.currency} paid; the order is ${formatMinor(order.totalMinor)} INR.`,
        };
      }
      return { kind: 'paid', paidMinor, currency: 'INR' };
    }
    case 'expired':
      return { kind: 'expired' };
    case 'canceled':
    case 'cancelled':
      return { kind: 'cancelled' };
    default:
      return { kind: 'waiting' };
  }
}

/**
 * The calendar date in India (yyyy-MM-dd) of a moment: Zoho links expire
 * at the end of their `expires_at` day, India time. The hold's own end is
 * enforced by the reconciler, which cancels the link.
 */
export function indiaDate(moment: Date): string {
  // en-CA formats dates as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(moment);
}
