/**
 * The PayPal invoice rail: a draft invoice numbered after the order, sent
 * by PayPal to the buyer. Creation is idempotent twice over: the
 * PayPal-Request-Id makes PayPal repeat its answer, and after a lost answer
 * the invoice is found again by its number before another is made.
 */
import {
  ProviderBadResponseError,
  ProviderRejectedError,
  ProviderUnavailableError,
} from '../shared/provider-http';
import { PaidAtProviderError } from '../../modules/orders/errors';
import type {
  IssuedPayment,
  PaymentGateway,
  ProviderPaymentState,
} from '../../modules/orders/payment-gateway';
import type { OrderRow } from '../../modules/orders/repository';
import { draftInvoiceFor, paymentStateOf } from './invoice-mapping';
import type { PayPalClient } from './paypal-client';
import type { PayPalInvoice, PayPalInvoiceStatus } from './wire';

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

export class PayPalInvoiceGateway implements PaymentGateway {
  readonly rail = 'paypal_invoice' as const;

  constructor(private readonly client: PayPalClient) {}

  async issue(
    order: OrderRow,
    remember: (reference: string) => Promise<void>,
  ): Promise<IssuedPayment> {
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
  }

  private async createOrFind(order: OrderRow): Promise<KnownInvoice> {
    const invoiceNumber = order.invoiceNumber;
    if (!invoiceNumber) throw new Error(`Order ${order.id} has no invoice number`);
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

  async fetchState(order: OrderRow): Promise<ProviderPaymentState> {
    const invoice = await this.client.getInvoice(order.providerReference!);
    return paymentStateOf(invoice, order);
  }

  async cancel(order: OrderRow): Promise<void> {
    if (!order.providerReference) return;
    try {
      await this.client.cancelInvoice(order.providerReference);
    } catch (error) {
      if (error instanceof ProviderRejectedError) {
        if (error.code === 'CANNOT_CANCEL_PAID_INVOICE') throw new PaidAtProviderError();
        // Already cancelled, or a draft the buyer never saw: nothing left to withdraw.
        if (
          [
            'INVOICE_CANCELED_ALREADY',
            'CANNOT_CANCEL_DRAFT_INVOICE',
            'RESOURCE_NOT_FOUND',
          ].includes(error.code)
        )
          return;
      }
      throw error;
    }
  }
}
