/**
 * What happens to invoices, whoever asks (the REST API, the buyer's pay
 * page or the control API): create, send, cancel, pay, refund and search,
 * with PayPal's status rules (DRAFT → UNPAID → PAID / PARTIALLY_PAID /
 * CANCELLED → REFUNDED), its error issues, the buyer's e-mails and the
 * webhook event each change causes.
 */
import { type Clock, isoDate, rfc3339 } from '../clock';
import type { PaypalConfig } from './config';
import { PaypalError, notFound, unprocessable } from './errors';
import { invoiceId, itemId, templateId, transactionId } from './ids';
import type { InvoiceMail } from './invoice-mail';
import { recipientEmail } from './invoice-mail';
import { checkInvoiceRules } from './invoice-rules';
import { currencyDigits, fromMinor, parseScaled, toMinor } from './money';
import type { OpenApiContracts } from './openapi-validation';
import type { InvoiceStore } from './state';
import { computeTotals } from './totals';
import type {
  Invoice,
  InvoiceRequest,
  InvoiceStatus,
  LinkDescription,
  Money,
  NotificationRequest,
  SearchRequest,
} from './types';
import type { WebhookDispatcher } from './webhooks';

export interface InvoiceServiceDeps {
  store: InvoiceStore;
  config: PaypalConfig;
  clock: Clock;
  contracts: OpenApiContracts;
  mail: InvoiceMail;
  webhooks: WebhookDispatcher;
}

export interface SearchPage {
  page: number;
  pageSize: number;
  totalRequired: boolean;
}

export interface SearchResult {
  items: Invoice[];
  total_items?: number;
  total_pages?: number;
  links: LinkDescription[];
}

/** The statuses in which the buyer can still pay. */
export const PAYABLE: readonly InvoiceStatus[] = ['UNPAID', 'SENT', 'PARTIALLY_PAID'];
const REFUNDABLE: readonly InvoiceStatus[] = ['PAID', 'PARTIALLY_PAID', 'PARTIALLY_REFUNDED'];

const malformed = () =>
  new PaypalError(400, [
    { issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' },
  ]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A positive amount in minor units (given to the control API, the pay page or a refund), or a 400. */
export function positiveAmount(value: string, currency: string, field = '/amount'): bigint {
  const minor = parseScaled(value, currencyDigits(currency));
  if (minor === undefined || minor <= 0n) {
    throw new PaypalError(400, [
      {
        field,
        value,
        issue: 'INVALID_PARAMETER_VALUE',
        description: `A positive ${currency} amount with at most ${currencyDigits(currency)} decimals.`,
      },
    ]);
  }
  return minor;
}

export class InvoiceService {
  constructor(private readonly deps: InvoiceServiceDeps) {}

  /**
   * Creates a draft. With a `PayPal-Request-Id` seen before, returns the
   * invoice that request created (in its current state) instead.
   */
  create(body: unknown, requestId?: string): { invoice: Invoice; replayed: boolean } {
    const { store, config, contracts } = this.deps;
    const earlier = requestId ? store.byRequestId(requestId) : undefined;
    if (earlier) return { invoice: earlier, replayed: true };

    if (!isObject(body)) throw malformed();
    const checked = contracts.validate<InvoiceRequest>('invoicing_v2', 'invoice', body);
    if (!checked.ok) throw new PaypalError(400, checked.details);
    const request = checked.value;
    const problems = checkInvoiceRules(request);
    if (problems.length > 0) throw new PaypalError(400, problems);

    const invoicerEmail = request.invoicer?.email_address;
    if (
      config.merchantEmail &&
      invoicerEmail &&
      invoicerEmail.toLowerCase() !== config.merchantEmail.toLowerCase()
    ) {
      throw unprocessable(
        'USER_NOT_FOUND',
        'User is not associated with paypal based on invoicer email.',
        '/invoicer/email_address',
      );
    }
    const invoiceNumber = request.detail.invoice_number ?? store.nextInvoiceNumber();
    if (store.byNumber(invoiceNumber)) {
      throw unprocessable(
        'DUPLICATE_INVOICE_NUMBER',
        'Invoice number already exists.',
        '/detail/invoice_number',
      );
    }

    const invoice = this.draftFrom(request, invoiceNumber);
    store.add(invoice, requestId);
    return { invoice, replayed: false };
  }

  get(id: string): Invoice {
    const invoice = this.deps.store.get(id);
    if (!invoice) throw notFound(id);
    return invoice;
  }

  /**
   * Sends a draft: it becomes UNPAID (or SCHEDULED when dated in the
   * future) and the buyer gets the invoice e-mail unless told otherwise.
   * Sending again changes nothing.
   */
  send(
    id: string,
    body: unknown,
  ): { status: 200 | 202; body: LinkDescription | { links: LinkDescription[] } } {
    const invoice = this.get(id);
    const notification = this.notification(body);
    const payerView: LinkDescription = {
      href: invoice.detail.metadata.recipient_view_url,
      rel: 'payer-view',
      method: 'GET',
    };
    if (invoice.status !== 'DRAFT') return { status: 200, body: payerView };

    const now = this.deps.clock();
    const metadata = invoice.detail.metadata;
    metadata.first_sent_time = rfc3339(now);
    metadata.last_sent_time = rfc3339(now);
    if (this.deps.config.merchantEmail) metadata.last_sent_by = this.deps.config.merchantEmail;
    this.touch(invoice, now);

    if (this.isFutureDated(invoice, now)) {
      invoice.status = 'SCHEDULED';
      this.refreshLinks(invoice);
      return { status: 202, body: { links: [this.selfLink(invoice)] } };
    }
    invoice.status = 'UNPAID';
    this.refreshLinks(invoice);
    this.deps.mail.invoiceSent(invoice, notification);
    return { status: 200, body: payerView };
  }

  /**
   * Reminds the buyer of an invoice still to pay (`POST …/remind`): the
   * invoice e-mail again, marked as a reminder. Only a payable invoice can be
   * reminded of; a draft has not been sent and a paid or cancelled one is done.
   */
  remind(id: string, body: unknown): Invoice {
    const invoice = this.get(id);
    const notification = this.notification(body);
    if (!PAYABLE.includes(invoice.status)) {
      throw unprocessable(
        'INVOICE_NOT_REMINDABLE',
        `The invoice is ${invoice.status}; only an unpaid invoice can be reminded of.`,
      );
    }
    const now = this.deps.clock();
    invoice.detail.metadata.last_sent_time = rfc3339(now);
    this.touch(invoice, now);
    this.deps.mail.invoiceReminder(invoice, notification);
    return invoice;
  }

  /** Cancels a sent invoice, by the merchant (API, control) or the buyer (declining it). */
  cancel(id: string, body: unknown, by: 'merchant' | 'payer'): Invoice {
    const invoice = this.get(id);
    const notification = this.notification(body);
    const refusal = cancelRefusal(invoice.status);
    if (refusal) throw unprocessable(refusal.issue, refusal.description);

    const now = this.deps.clock();
    invoice.status = 'CANCELLED';
    invoice.detail.metadata.cancel_time = rfc3339(now);
    const actor = by === 'payer' ? recipientEmail(invoice) : this.deps.config.merchantEmail;
    if (actor) invoice.detail.metadata.cancelled_by = actor;
    this.touch(invoice, now);
    this.refreshLinks(invoice);
    if (by === 'merchant') this.deps.mail.invoiceCancelled(invoice, notification);
    this.deps.webhooks.emit('INVOICING.INVOICE.CANCELLED', invoice);
    return invoice;
  }

  /**
   * The buyer pays `amount` (default: all that is due) through PayPal.
   * Less than due leaves it PARTIALLY_PAID; either way PayPal sends PAID.
   */
  pay(id: string, amount?: string): Invoice {
    const invoice = this.get(id);
    if (!PAYABLE.includes(invoice.status)) {
      throw unprocessable(
        'INVOICE_NOT_PAYABLE',
        `The invoice is ${invoice.status} and cannot be paid.`,
      );
    }
    const currency = invoice.amount.currency_code;
    const due = this.minor(invoice.due_amount);
    const paying = amount === undefined ? due : positiveAmount(amount, currency);
    if (paying > due) {
      throw unprocessable(
        'PAYMENT_EXCEEDS_DUE',
        `The amount due is ${invoice.due_amount.value}.`,
        '/amount',
      );
    }

    const now = this.deps.clock();
    const payments = (invoice.payments ??= {
      paid_amount: fromMinor(currency, 0n),
      transactions: [],
    });
    payments.transactions.push({
      type: 'PAYPAL',
      payment_id: transactionId(),
      payment_date: isoDate(now),
      method: 'PAYPAL',
      amount: fromMinor(currency, paying),
    });
    const paid = this.minor(payments.paid_amount) + paying;
    payments.paid_amount = fromMinor(currency, paid);
    const remaining = this.minor(invoice.amount) - paid;
    invoice.due_amount = fromMinor(currency, remaining);
    invoice.status = remaining <= 0n ? 'PAID' : 'PARTIALLY_PAID';
    this.touch(invoice, now);
    this.refreshLinks(invoice);
    this.deps.webhooks.emit('INVOICING.INVOICE.PAID', invoice);
    return invoice;
  }

  /** The merchant refunds `amount` (default: all that was paid and not yet refunded). */
  refund(id: string, amount?: string): Invoice {
    const invoice = this.get(id);
    if (!REFUNDABLE.includes(invoice.status) || !invoice.payments) {
      throw unprocessable(
        'INVOICE_NOT_REFUNDABLE',
        `The invoice is ${invoice.status} and cannot be refunded.`,
      );
    }
    const currency = invoice.amount.currency_code;
    const paid = this.minor(invoice.payments.paid_amount);
    const refunds = (invoice.refunds ??= {
      refund_amount: fromMinor(currency, 0n),
      transactions: [],
    });
    const refundable = paid - this.minor(refunds.refund_amount);
    const refunding = amount === undefined ? refundable : positiveAmount(amount, currency);
    if (refunding > refundable) {
      throw unprocessable(
        'REFUND_EXCEEDS_PAID',
        `At most ${fromMinor(currency, refundable).value} can be refunded.`,
        '/amount',
      );
    }

    const now = this.deps.clock();
    refunds.transactions.push({
      type: 'PAYPAL',
      refund_id: transactionId(),
      refund_date: isoDate(now),
      method: 'PAYPAL',
      amount: fromMinor(currency, refunding),
    });
    const refunded = this.minor(refunds.refund_amount) + refunding;
    refunds.refund_amount = fromMinor(currency, refunded);
    invoice.status = refunded >= paid ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    this.touch(invoice, now);
    this.refreshLinks(invoice);
    this.deps.webhooks.emit('INVOICING.INVOICE.REFUNDED', invoice);
    return invoice;
  }

  search(body: unknown, page: SearchPage): SearchResult {
    const criteria = body === undefined ? {} : body;
    if (!isObject(criteria)) throw malformed();
    const checked = this.deps.contracts.validate<SearchRequest>(
      'invoicing_v2',
      'search_data',
      criteria,
    );
    if (!checked.ok) throw new PaypalError(400, checked.details);
    const wanted = checked.value;
    const matches = this.deps.store.list().filter((invoice) => matchesSearch(invoice, wanted));

    const start = (page.page - 1) * page.pageSize;
    const totalPages = Math.ceil(matches.length / page.pageSize);
    const pageLink = (number: number, rel: string): LinkDescription => ({
      href: `${this.deps.config.apiBaseUrl}/v2/invoicing/search-invoices?page=${number}&page_size=${page.pageSize}&total_required=${page.totalRequired}`,
      rel,
      method: 'POST',
    });
    const links = [pageLink(page.page, 'self')];
    if (page.page > 1) links.push(pageLink(page.page - 1, 'prev'));
    if (page.page < totalPages) links.push(pageLink(page.page + 1, 'next'));
    return {
      items: matches.slice(start, start + page.pageSize),
      ...(page.totalRequired ? { total_items: matches.length, total_pages: totalPages } : {}),
      links,
    };
  }

  private draftFrom(request: InvoiceRequest, invoiceNumber: string): Invoice {
    const { config, clock } = this.deps;
    const now = clock();
    const id = invoiceId();
    const currency = request.detail.currency_code;
    const configuration = {
      tax_calculated_after_discount: true,
      tax_inclusive: false,
      allow_tip: false,
      partial_payment: { allow_partial_payment: false },
      template_id: templateId(),
      ...request.configuration,
    };
    const items = (request.items ?? []).map((item) => ({ id: itemId(), ...item }));
    const totals = computeTotals(currency, items, configuration, request.amount?.breakdown);

    const invoicer = {
      ...(config.merchantName ? { business_name: config.merchantName } : {}),
      ...(config.merchantEmail ? { email_address: config.merchantEmail } : {}),
      ...request.invoicer,
    };
    const { metadata: _ignored, ...detail } = request.detail;
    const invoice: Invoice = {
      id,
      status: 'DRAFT',
      detail: {
        ...detail,
        invoice_number: invoiceNumber,
        invoice_date: request.detail.invoice_date ?? isoDate(now),
        metadata: {
          create_time: rfc3339(now),
          ...(config.merchantEmail ? { created_by: config.merchantEmail } : {}),
          last_update_time: rfc3339(now),
          created_by_flow: 'REGULAR_SINGLE',
          recipient_view_url: `${config.apiBaseUrl}/invoice/p/${id}`,
          invoicer_view_url: `${config.apiBaseUrl}/invoice/details/${id}`,
        },
      },
      ...(Object.keys(invoicer).length > 0 ? { invoicer } : {}),
      ...(request.primary_recipients ? { primary_recipients: request.primary_recipients } : {}),
      ...(request.additional_recipients
        ? { additional_recipients: request.additional_recipients }
        : {}),
      items: totals.items,
      configuration,
      amount: totals.amount,
      due_amount: { currency_code: currency, value: totals.amount.value },
      links: [],
    };
    this.refreshLinks(invoice);
    return invoice;
  }

  private notification(body: unknown): NotificationRequest {
    if (body === undefined || body === null) return {};
    if (!isObject(body)) throw malformed();
    const checked = this.deps.contracts.validate<NotificationRequest>(
      'invoicing_v2',
      'notification',
      body,
    );
    if (!checked.ok) throw new PaypalError(400, checked.details);
    return checked.value;
  }

  private minor(money: Money): bigint {
    return toMinor(money) ?? 0n;
  }

  /**
   * Dates are compared in UTC; a date one day ahead can still be "today"
   * east of UTC, so only a date beyond that counts as the future.
   */
  private isFutureDated(invoice: Invoice, now: number): boolean {
    return invoice.detail.invoice_date > isoDate(now + 24 * 60 * 60 * 1000);
  }

  private touch(invoice: Invoice, now: number): void {
    invoice.detail.metadata.last_update_time = rfc3339(now);
    if (this.deps.config.merchantEmail) {
      invoice.detail.metadata.last_updated_by = this.deps.config.merchantEmail;
    }
  }

  private selfLink(invoice: Invoice): LinkDescription {
    return {
      href: `${this.deps.config.apiBaseUrl}/v2/invoicing/invoices/${invoice.id}`,
      rel: 'self',
      method: 'GET',
    };
  }

  /** HATEOAS links for what the emulator lets a client do next. */
  private refreshLinks(invoice: Invoice): void {
    const self = this.selfLink(invoice);
    const links = [self];
    if (invoice.status === 'DRAFT')
      links.push({ href: `${self.href}/send`, rel: 'send', method: 'POST' });
    if (invoice.status === 'UNPAID' || invoice.status === 'SENT') {
      links.push({ href: `${self.href}/cancel`, rel: 'cancel', method: 'POST' });
    }
    invoice.links = links;
  }
}

function cancelRefusal(status: InvoiceStatus): { issue: string; description: string } | undefined {
  switch (status) {
    case 'DRAFT':
      return {
        issue: 'CANNOT_CANCEL_DRAFT_INVOICE',
        description: 'A draft invoice cannot be cancelled; delete it instead.',
      };
    case 'CANCELLED':
      return {
        issue: 'INVOICE_CANCELED_ALREADY',
        description: 'The invoice is already cancelled.',
      };
    case 'PAID':
    case 'MARKED_AS_PAID':
    case 'PARTIALLY_PAID':
      return {
        issue: 'CANNOT_CANCEL_PAID_INVOICE',
        description: 'A paid invoice cannot be cancelled.',
      };
    case 'REFUNDED':
    case 'PARTIALLY_REFUNDED':
    case 'MARKED_AS_REFUNDED':
      return {
        issue: 'CANNOT_CANCEL_REFUNDED_INVOICE',
        description: 'A refunded invoice cannot be cancelled.',
      };
    case 'SCHEDULED':
      return {
        issue: 'CANNOT_CANCEL_SCHEDULED_INVOICE',
        description: 'A scheduled invoice cannot be cancelled.',
      };
    default:
      return undefined;
  }
}

function matchesSearch(invoice: Invoice, wanted: SearchRequest): boolean {
  const same = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();
  const recipients = (invoice.primary_recipients ?? []).map((recipient) => recipient.billing_info);
  if (
    wanted.invoice_number !== undefined &&
    invoice.detail.invoice_number !== wanted.invoice_number
  ) {
    return false;
  }
  if (wanted.status?.length && !wanted.status.includes(invoice.status)) return false;
  if (wanted.reference !== undefined && invoice.detail.reference !== wanted.reference) return false;
  if (wanted.currency_code !== undefined && invoice.amount.currency_code !== wanted.currency_code) {
    return false;
  }
  const email = wanted.recipient_email;
  if (email !== undefined && !recipients.some((info) => same(info?.email_address, email)))
    return false;
  const first = wanted.recipient_first_name;
  if (first !== undefined && !recipients.some((info) => same(info?.name?.given_name, first)))
    return false;
  const last = wanted.recipient_last_name;
  if (last !== undefined && !recipients.some((info) => same(info?.name?.surname, last)))
    return false;
  return true;
}
