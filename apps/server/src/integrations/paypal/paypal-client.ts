/**
 * A small client for the parts of PayPal's REST API we use: OAuth2 client
 * credentials (token cached until a minute before it expires, refreshed
 * once on a 401), Invoicing v2 and refunds of captures (Payments v2). Sandbox,
 * live or a local emulator is only a matter of the base URL.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { callProvider, ProviderRejectedError } from '../shared/provider-http';
import {
  createdInvoiceSchema,
  describePayPalError,
  invoiceSchema,
  linkSchema,
  refundSchema,
  searchResultSchema,
  tokenSchema,
  type PayPalInvoice,
  type PayPalRefundStatus,
} from './wire';

export interface PayPalSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  timeoutMs?: number;
}

/** The five transmission headers PayPal signs a webhook delivery with. */
export interface WebhookTransmission {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

const TOKEN_MARGIN_MS = 60_000;

/** PayPal e-mails the buyer, not us, about an invoice it sends, reminds of or cancels. */
const TELL_THE_BUYER = { send_to_recipient: true, send_to_invoicer: false };

const invoicePath = (invoiceId: string) =>
  `/v2/invoicing/invoices/${encodeURIComponent(invoiceId)}`;

export class PayPalClient {
  private token: { value: string; expiresAt: number } | undefined;
  private tokenRequest: Promise<string> | undefined;

  constructor(
    private readonly settings: PayPalSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** POST /v2/invoicing/invoices — a draft; PayPal shows the buyer nothing yet. */
  async createDraftInvoice(body: unknown, requestId: string): Promise<{ id: string }> {
    const created = await this.api('POST', '/v2/invoicing/invoices', createdInvoiceSchema, {
      body,
      headers: { 'paypal-request-id': requestId, prefer: 'return=representation' },
    });
    const asInvoice = invoiceSchema.safeParse(created);
    const id = asInvoice.success
      ? asInvoice.data.id
      : linkSchema.parse(created).href.split('/').pop();
    if (!id) throw new Error('PayPal created an invoice without an id');
    return { id };
  }

  /** POST …/send — PayPal e-mails the buyer. Answers the payer's page when PayPal gives it. */
  async sendInvoice(
    invoiceId: string,
    requestId: string,
  ): Promise<{ payerUrl: string | undefined }> {
    const link: { href: string; rel?: string | undefined } | undefined = await this.api(
      'POST',
      `${invoicePath(invoiceId)}/send`,
      linkSchema.optional(),
      { body: TELL_THE_BUYER, headers: { 'paypal-request-id': requestId } },
    );
    return { payerUrl: link?.rel === 'payer-view' ? link.href : undefined };
  }

  getInvoice(invoiceId: string): Promise<PayPalInvoice> {
    return this.api('GET', invoicePath(invoiceId), invoiceSchema);
  }

  /** Finds the invoice we made for an order after an answer was lost. */
  async findInvoiceByNumber(invoiceNumber: string): Promise<PayPalInvoice | undefined> {
    const result = await this.api(
      'POST',
      '/v2/invoicing/search-invoices?page=1&page_size=10',
      searchResultSchema,
      { body: { invoice_number: invoiceNumber } },
    );
    return result.items?.find((invoice) => invoice.detail.invoice_number === invoiceNumber);
  }

  /** POST …/remind — PayPal e-mails the buyer the unpaid invoice again. */
  async remindInvoice(invoiceId: string): Promise<void> {
    await this.api('POST', `${invoicePath(invoiceId)}/remind`, null, { body: TELL_THE_BUYER });
  }

  async cancelInvoice(invoiceId: string): Promise<void> {
    await this.api('POST', `${invoicePath(invoiceId)}/cancel`, null, { body: TELL_THE_BUYER });
  }

  /**
   * POST /v2/payments/captures/{id}/refund — gives back `amount` of a
   * payment an invoice received (the capture id is the invoice's
   * `payments.transactions[].payment_id`). The same `requestId` answers the
   * refund it already made and refunds nothing more, so retries are safe.
   */
  async refundCapture(
    captureId: string,
    amount: { currencyCode: string; value: string },
    requestId: string,
    noteToPayer?: string,
  ): Promise<{ refundId: string; status: PayPalRefundStatus }> {
    const refund = await this.api(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      refundSchema,
      {
        body: {
          amount: { currency_code: amount.currencyCode, value: amount.value },
          ...(noteToPayer ? { note_to_payer: noteToPayer } : {}),
        },
        headers: { 'paypal-request-id': requestId },
      },
    );
    return { refundId: refund.id, status: refund.status };
  }

  private async api<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T> | null,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const send = async () =>
      callProvider<T>({
        provider: 'paypal',
        method,
        url: `${this.settings.baseUrl}${path}`,
        headers: { authorization: `Bearer ${await this.accessToken()}`, ...options.headers },
        body: options.body,
        schema,
        describeError: describePayPalError,
        timeoutMs: this.settings.timeoutMs ?? 10_000,
        retries: 2,
      });
    try {
      return await send();
    } catch (error) {
      // A token PayPal no longer accepts: fetch a new one and try once more.
      if (error instanceof ProviderRejectedError && error.status === 401) {
        this.token = undefined;
        return send();
      }
      if (error instanceof ProviderRejectedError) {
        this.log.error(
          {
            provider: 'paypal',
            status: error.status,
            code: error.code,
            debugId: error.debugId,
            path,
          },
          'PayPal refused a request',
        );
      }
      throw error;
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt - TOKEN_MARGIN_MS) return this.token.value;
    // Concurrent callers share one token request.
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString(
      'base64',
    );
    const token = await callProvider({
      provider: 'paypal',
      method: 'POST',
      url: `${this.settings.baseUrl}/v1/oauth2/token`,
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      schema: tokenSchema,
      describeError: describePayPalError,
      timeoutMs: this.settings.timeoutMs ?? 10_000,
      retries: 2,
    });
    this.token = { value: token.access_token, expiresAt: Date.now() + token.expires_in * 1000 };
    this.log.info(
      { provider: 'paypal', expiresInSeconds: token.expires_in },
      'PayPal access token obtained',
    );
    return token.access_token;
  }
}
