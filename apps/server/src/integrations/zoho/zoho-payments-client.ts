/** Zoho Payments payment links and refunds of their payments (India edition, INR). */
import { formatMinor } from '@wifi7/contract';
import type { z } from 'zod';
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

  /** One call for the account; `path` is below the base URL. */
  private call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: z.ZodType<T>,
    options: { body?: unknown; retries?: number } = {},
  ): Promise<T> {
    return callZoho(this.token, {
      provider: 'zoho-payments',
      method,
      url: `${this.settings.baseUrl}${path}?account_id=${encodeURIComponent(this.settings.accountId)}`,
      schema,
      timeoutMs: this.settings.timeoutMs,
      ...options,
    });
  }

  async createPaymentLink(link: NewPaymentLink): Promise<ZohoPaymentLink> {
    const answer = await this.call('POST', '/paymentlinks', paymentLinkEnvelopeSchema, {
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
      // No idempotency key exists for links: never repeat a create blindly.
      retries: 0,
    });
    return answer.payment_links;
  }

  async getPaymentLink(id: string): Promise<ZohoPaymentLink> {
    const answer = await this.call(
      'GET',
      `/paymentlinks/${encodeURIComponent(id)}`,
      paymentLinkEnvelopeSchema,
    );
    return answer.payment_links;
  }

  /** PUT /paymentlinks/{id} with `notify_customer` — Zoho e-mails the buyer the active link again. */
  async renotifyPaymentLink(id: string): Promise<void> {
    await this.call('PUT', `/paymentlinks/${encodeURIComponent(id)}`, paymentLinkEnvelopeSchema, {
      body: { notify_customer: { email: true, sms: false } },
      // A repeat would only e-mail the buyer twice; still, one request per click.
      retries: 0,
    });
  }

  async cancelPaymentLink(id: string): Promise<void> {
    await this.call(
      'PUT',
      `/paymentlinks/${encodeURIComponent(id)}/cancel`,
      paymentLinkEnvelopeSchema,
    );
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
    const path = `/payments/${encodeURIComponent(paymentId)}/refunds`;
    const answer = await this.call('POST', path, refundEnvelopeSchema, {
      body: {
        amount: Number(formatMinor(refund.amountMinor)),
        reason: refund.reason,
        type: 'initiated_by_merchant',
      },
      // Zoho documents no idempotency key for refunds: a repeat could refund twice.
      retries: 0,
    });
    return { refundId: answer.refund.refund_id, status: answer.refund.status };
  }
}
