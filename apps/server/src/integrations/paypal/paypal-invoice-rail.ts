/**
 * The PayPal invoice rail: a draft invoice numbered after the order, sent
 * by PayPal to the buyer. Creation is idempotent twice over: the
 * PayPal-Request-Id makes PayPal repeat its answer, and after a lost answer
 * the invoice is found again by its number before another is made. Refunds
 * go back through the invoice's PayPal payment.
 */
import {
  RailRefusedError,
  type IssuedPayment,
  type OrderSnapshot,
  type PaymentRail,
  type ProviderPaymentState,
  type RefundOutcome,
  type RefundRequest,
  type WebhookHeaders,
  type WebhookVerdict,
} from '../../orders/rail-port';
import {
  beforeActing,
  inRailTerms,
  referenceOf,
  refundMade,
  withdraw,
} from '../shared/rail-errors';
import {
  ProviderBadResponseError,
  ProviderRejectedError,
  ProviderUnavailableError,
} from '../shared/provider-http';
import {
  cancelRefusalMeaning,
  draftInvoiceFor,
  paymentStateOf,
  refundablePaymentOf,
  refundOutcomeOf,
} from './invoice-mapping';
import type { PayPalClient } from './paypal-client';
import { parsePayPalWebhook } from './paypal-webhook';
import type { PayPalWebhookPolicy } from './paypal-webhook-checks';
import type { PayPalInvoice, PayPalInvoiceStatus } from './wire';
import { formatMinor } from '@wifi7/contract';

interface KnownInvoice {
  id: string;
  status: PayPalInvoiceStatus;
  payerUrl: string | undefined;
}

function known(invoice: PayPalInvoice): KnownInvoice {
  return {
    id: invoice.id,
    status: invoice.status,
    payerUrl: invoice.detail.metadata?.recipient_view_url,
  };
}

export class PayPalInvoiceRail implements PaymentRail {
  readonly rail = 'paypal_invoice' as const;
  /** An invoice number is unique at PayPal: a lost create is found by it. */
  readonly findsLostCreates = true;

  constructor(
    private readonly client: PayPalClient,
    /** How webhook deliveries are verified; without one, every delivery is refused. */
    private readonly webhookPolicy?: PayPalWebhookPolicy,
  ) {}

  issue(
    order: OrderSnapshot,
    remember: (reference: string) => Promise<void>,
  ): Promise<IssuedPayment> {
    return inRailTerms(async () => {
      const invoice = order.providerReference
        ? known(await this.client.getInvoice(order.providerReference))
        : await this.createOrFind(order);
      if (!order.providerReference) await remember(invoice.id);

      let payerUrl = invoice.payerUrl;
      if (invoice.status === 'DRAFT') {
        const sent = await this.client.sendInvoice(invoice.id, `send-${order.id}`);
        payerUrl = sent.payerUrl ?? payerUrl;
      }
      return { providerReference: invoice.id, paymentUrl: payerUrl ?? null };
    });
  }

  private async createOrFind(order: OrderSnapshot): Promise<KnownInvoice> {
    const invoiceNumber = order.invoiceNumber;
    if (!invoiceNumber) throw new Error(`Order ${order.id} has no invoice number`);
    if (order.unknownCreateSince) {
      // An earlier create got no answer: the invoice may exist. Look before making one.
      const found = await this.client.findInvoiceByNumber(invoiceNumber);
      if (found) return known(found);
    }
    try {
      const { id } = await this.client.createDraftInvoice(
        draftInvoiceFor(order),
        `create-${order.id}`,
      );
      return { id, status: 'DRAFT', payerUrl: undefined };
    } catch (error) {
      const ambiguous =
        error instanceof ProviderUnavailableError ||
        error instanceof ProviderBadResponseError ||
        (error instanceof ProviderRejectedError && error.code === 'DUPLICATE_INVOICE_NUMBER');
      if (ambiguous) {
        // The invoice may exist although its answer was lost: look before making another.
        const found = await this.client.findInvoiceByNumber(invoiceNumber).catch(() => undefined);
        if (found) return known(found);
      }
      throw error;
    }
  }

  fetchState(order: OrderSnapshot): Promise<ProviderPaymentState> {
    return inRailTerms(async () =>
      paymentStateOf(await this.client.getInvoice(invoiceOf(order)), order),
    );
  }

  cancel(order: OrderSnapshot): Promise<void> {
    return inRailTerms(async () => {
      const invoiceId = order.providerReference;
      if (invoiceId)
        await withdraw(() => this.client.cancelInvoice(invoiceId), cancelRefusalMeaning);
    });
  }

  remind(order: OrderSnapshot): Promise<void> {
    return inRailTerms(() => this.client.remindInvoice(invoiceOf(order)));
  }

  refund(order: OrderSnapshot, request: RefundRequest): Promise<RefundOutcome> {
    return inRailTerms(async () => {
      const invoice = await beforeActing(() => this.client.getInvoice(invoiceOf(order)));
      const payment = refundablePaymentOf(invoice);
      if (!payment)
        throw new RailRefusedError(
          'NO_PAYPAL_PAYMENT',
          'The invoice has no PayPal payment to refund.',
        );
      const refund = await this.client.refundCapture(
        payment,
        { currencyCode: order.currency, value: formatMinor(request.amountMinor) },
        `refund-${request.idempotencyKey}`,
        request.note,
      );
      return refundMade(refundOutcomeOf(refund), refund.status, 'PayPal');
    });
  }

  parseWebhook(headers: WebhookHeaders, rawBody: string): Promise<WebhookVerdict> {
    if (!this.webhookPolicy) {
      return Promise.resolve({ refused: 'unverifiable', reason: 'Webhooks are not set up.' });
    }
    return parsePayPalWebhook(headers, rawBody, this.webhookPolicy);
  }
}

const invoiceOf = (order: OrderSnapshot) => referenceOf(order, 'PayPal invoice');
