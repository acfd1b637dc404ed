/** Zoho Payments payment links and refunds of their payments (India edition, INR). */
import { formatMinor } from '@wifi7/contract';
import {
  paymentLinkEnvelopeSchema,
  refundEnvelopeSchema,
  type ZohoPaymentLink,
  type ZohoRefundReason,
  type ZohoRefundStatus,
} from './wire';
import type { ZohoAccessToken } from './zoho-accounts';
import { callZoho } from './zoho-api';

export interface ZohoPaymentsSettings {
  /** e.g. https://payments.zoho.in/api/v1 */
  baseUrl: string;
  accountId: string;
  timeoutMs?: number;
}

export interface NewPaymentLink {
  amountMinor: number;
  description: string;
  email: string;
  referenceId: string;
  returnUrl: string;
  expiresOn: string;
}

export interface PaymentRefund {
  /** What to give back, in paise; at most what the payment has left to refund. */
  amountMinor: number;
  reason: ZohoRefundReason;
}

export class ZohoPaymentsClient {
  constructor(
    private readonly settings: ZohoPaymentsSettings,
    private readonly token: ZohoAccessToken,
  ) {}

  private url(path: string): string {
    return `${this.settings.baseUrl}${path}?account_id=${encodeURIComponent(this.settings.accountId)}`;
  }

  async createPaymentLink(link: NewPaymentLink): Promise<ZohoPaymentLink> {
    const answer = await callZoho(this.token, {
      timeoutMs: this.settings.timeoutMs,
      provider: 'zoho-payments',
      method: 'POST',
      url: this.url('/paymentlinks'),
      body: {
        amount: Number(formatMinor(link.amountMinor)),
        currency: 'INR',
        description: link.description.slice(0, 500),
        email: link.email,
        reference_id: link.referenceId,
        return_url: link.returnUrl,
        expires_at: link.expiresOn,
        notify_customer: { email: true, sms: false },
      },
      schema: paymentLinkEnvelopeSchema,
      // No idempotency key exists for links: never repeat a create blindly.
      retries: 0,
    });
    return answer.payment_links;
  }

  async getPaymentLink(id: string): Promise<ZohoPaymentLink> {
    const answer = await callZoho(this.token, {
      timeoutMs: this.settings.timeoutMs,
      provider: 'zoho-payments',
      method: 'GET',
      url: this.url(`/paymentlinks/${encodeURIComponent(id)}`),
      schema: paymentLinkEnvelopeSchema,
    });
    return answer.payment_links;
  }

  /** PUT /paymentlinks/{id} with `notify_customer` — Zoho e-mails the buyer the active link again. */
  async renotifyPaymentLink(id: string): Promise<void> {
    await callZoho(this.token, {
      timeoutMs: this.settings.timeoutMs,
      provider: 'zoho-payments',
      method: 'PUT',
      url: this.url(`/paymentlinks/${encodeURIComponent(id)}`),
      body: { notify_customer: { email: true, sms: false } },
      schema: paymentLinkEnvelopeSchema,
      // A repeat would only e-mail the buyer twice; still, one request per click.
      retries: 0,
    });
  }

  async cancelPaymentLink(id: string): Promise<void> {
    await callZoho(this.token, {
      timeoutMs: this.settings.timeoutMs,
      provider: 'zoho-payments',
      method: 'PUT',
      url: this.url(`/paymentlinks/${encodeURIComponent(id)}/cancel`),
      schema: paymentLinkEnvelopeSchema,
    });
  }

  /**
   * POST /payments/{payment_id}/refunds — gives back part or all of a
   * payment made on a link (scope ZohoPay.refunds.CREATE). The link itself
   * stays `paid`; the payment becomes refunded or partially refunded.
   */
  async refundPayment(
    paymentId: string,
    refund: PaymentRefund,
  ): Promise<{ refundId: string; status: ZohoRefundStatus }> {
    const answer = await callZoho(this.token, {
      timeoutMs: this.settings.timeoutMs,
      provider: 'zoho-payments',
      method: 'POST',
      url: this.url(`/payments/${encodeURIComponent(paymentId)}/refunds`),
      body: {
        amount: Number(formatMinor(refund.amountMinor)),
        reason: refund.reason,
        type: 'initiated_by_merchant',
      },
      schema: refundEnvelopeSchema,
      // Zoho documents no idempotency key for refunds: a repeat could refund twice.
      retries: 0,
    });
    return { refundId: answer.refund.refund_id, status: answer.refund.status };
  }
}
