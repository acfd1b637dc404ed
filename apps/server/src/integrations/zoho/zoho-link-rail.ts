/**
 * The Zoho payment-link rail (India, INR). The link's `reference_id` is our
 * order id, so a payment on any link we made for the order can be traced
 * back to it. Zoho has no idempotency key for links and no look-up by
 * reference, so a create is never repeated after a lost answer: the order's
 * lease and `remember` keep one link per order, and a link whose answer was
 * lost is learnt from Zoho's webhook (or the seller) instead.
 */
import {
  RailRefusedError,
  RailUnavailableError,
  type BuyerContacts,
  type IssuedPayment,
  type OrderSnapshot,
  type PaymentRail,
  type ProviderPaymentState,
  type RefundOutcome,
  type RefundRequest,
  type WebhookHeaders,
  type WebhookVerdict,
} from '../../orders/rail-port';
import { ProviderBadResponseError } from '../shared/provider-http';
import {
  beforeActing,
  inRailTerms,
  referenceOf,
  refundMade,
  withdraw,
} from '../shared/rail-errors';
import {
  cancelRefusalMeaningOfLink,
  linkAmountDiffers,
  paymentLinkFor,
  paymentStateOfLink,
  refundablePaymentOfLink,
  refundOutcomeOfZoho,
  refundReasonOf,
} from './link-mapping';
import { parseZohoWebhook } from './zoho-webhook';
import type { ZohoPaymentsClient } from './zoho-payments-client';

export class ZohoLinkRail implements PaymentRail {
  readonly rail = 'zoho_link' as const;
  /** Zoho offers no look-up of links by our reference. */
  readonly findsLostCreates = false;

  constructor(
    private readonly client: ZohoPaymentsClient,
    readonly contacts: BuyerContacts,
    private readonly settings: {
      /** Where Zoho sends the buyer after paying: the site's payment-status page. */
      returnUrl: string;
      webhookSigningKey: string;
    },
  ) {}

  issue(
    order: OrderSnapshot,
    remember: (reference: string) => Promise<void>,
  ): Promise<IssuedPayment> {
    return inRailTerms(async () => {
      if (order.providerReference) {
        const link = await this.client.getPaymentLink(order.providerReference);
        return { providerReference: link.payment_link_id, paymentUrl: link.url };
      }
      if (order.unknownCreateSince) {
        // A link Zoho made (and e-mailed) is found only when Zoho reports it.
        throw new RailUnavailableError(
          'zoho-payments: an earlier link request got no answer; a second link is not made',
          false,
        );
      }
      const link = await this.client.createPaymentLink(
        paymentLinkFor(order, this.settings.returnUrl),
      );
      await remember(link.payment_link_id);
      const difference = linkAmountDiffers(link, order);
      if (difference) throw new ProviderBadResponseError('zoho-payments', difference);
      return { providerReference: link.payment_link_id, paymentUrl: link.url };
    });
  }

  fetchState(order: OrderSnapshot): Promise<ProviderPaymentState> {
    return inRailTerms(async () =>
      paymentStateOfLink(await this.client.getPaymentLink(linkOf(order)), order),
    );
  }

  cancel(order: OrderSnapshot): Promise<void> {
    return inRailTerms(async () => {
      const linkId = order.providerReference;
      if (!linkId) return;
      // Zoho refuses to cancel a link that is not active: its state tells why.
      await withdraw(
        () => this.client.cancelPaymentLink(linkId),
        async () => cancelRefusalMeaningOfLink(await this.fetchState(order)),
      );
    });
  }

  remind(order: OrderSnapshot): Promise<void> {
    return inRailTerms(() => this.client.renotifyPaymentLink(linkOf(order)));
  }

  refund(order: OrderSnapshot, request: RefundRequest): Promise<RefundOutcome> {
    return inRailTerms(async () => {
      const link = await beforeActing(() => this.client.getPaymentLink(linkOf(order)));
      const payment = refundablePaymentOfLink(link);
      if (!payment) {
        throw new RailRefusedError('NO_ZOHO_PAYMENT', 'The link has no payment to refund.');
      }
      const refund = await this.client.refundPayment(payment, {
        amountMinor: request.amountMinor,
        reason: refundReasonOf(request.reason),
      });
      return refundMade(refundOutcomeOfZoho(refund), refund.status, 'Zoho');
    });
  }

  async parseWebhook(headers: WebhookHeaders, rawBody: string): Promise<WebhookVerdict> {
    return parseZohoWebhook(this.settings.webhookSigningKey, headers, rawBody);
  }
}

const linkOf = (order: OrderSnapshot) => referenceOf(order, 'Zoho payment link');
