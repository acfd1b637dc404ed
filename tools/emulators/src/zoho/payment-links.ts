/**
 * What happens to payment links, whoever asks (the API, the hosted pay
 * page or the control API): create, read, update, cancel, pay, fail and
 * expire, with Zoho's statuses (active → paid | canceled | expired; a
 * failed attempt leaves the link active), the customer's e-mail and the
 * webhook event each change causes.
 *
 * Links past their `expires_at` day (in India) turn expired the next time
 * anything looks at them, and on a timer, so the expiry event goes out even
 * when nobody asks.
 */
import type { Clock } from '../clock';
import { PAY_PAGE_PATH, ZOHO_PREFIX, type ZohoConfig } from './config';
import { paymentsErrors } from './errors';
import { type IdSequence, payPageToken } from './ids';
import type { LinkMail } from './link-mail';
import { rupeesText } from './money';
import { checkLinkUpdate, checkNewLink, checkNotification } from './payment-link-rules';
import type { LinkPayment, LinkStatus, PaymentLink, PaymentObject } from './payment-link-types';
import { type ReturnResult, signedReturnUrl } from './signing';
import { endOfIstDay, istDatePlusDays } from './time';
import type { ZohoWebhookDispatcher } from './webhooks';

export interface PaymentLinkDeps {
  config: ZohoConfig;
  clock: Clock;
  linkIds: IdSequence;
  paymentIds: IdSequence;
  mail: LinkMail;
  webhooks: ZohoWebhookDispatcher;
}

/** The outcome of the buyer's attempt, and where the browser goes next. */
export interface Attempt {
  link: PaymentLink;
  payment: LinkPayment;
  /** `return_url` with the signed result; absent when the link has no return URL. */
  redirectUrl?: string;
}

interface LinkRecord {
  link: PaymentLink;
  token: string;
  paise: number;
}

/** Links without an expiry date expire after 30 days, as Zoho's. */
const DEFAULT_EXPIRY_DAYS = 30;
/** Who "created" links made through the API. */
const API_USER = { id: '1730000000000001', name: 'API' };

export const FAILURE_REASON = 'The card issuer declined the payment.';

export class PaymentLinkService {
  /** In creation order. */
  private readonly records = new Map<string, LinkRecord>();
  private readonly idsByToken = new Map<string, string>();

  constructor(private readonly deps: PaymentLinkDeps) {}

  create(body: unknown): PaymentLink {
    const { config, clock, linkIds } = this.deps;
    const now = clock();
    const request = checkNewLink(body, now);
    const token = payPageToken();
    const link: PaymentLink = {
      payment_link_id: linkIds.take(),
      url: `${config.publicUrl}${ZOHO_PREFIX}${PAY_PAGE_PATH}/${token}`,
      expires_at: request.expires_at ?? istDatePlusDays(now, DEFAULT_EXPIRY_DAYS),
      amount: rupeesText(request.paise),
      amount_paid: rupeesText(0),
      currency: 'INR',
      status: 'active',
      email: request.email ?? '',
      phone: request.phone ?? '',
      phone_country_code: request.phone_country_code ?? '',
      reference_id: request.reference_id ?? '',
      description: request.description,
      return_url: request.return_url ?? '',
      notify_customer: request.notify_customer ?? { email: false, sms: false },
      configurations: request.configurations ?? {},
      created_time: Math.floor(now / 1000),
      created_by_id: API_USER.id,
      created_by: API_USER.name,
      last_modified_by_id: API_USER.id,
      last_modified: API_USER.name,
      payments: [],
    };
    this.records.set(link.payment_link_id, { link, token, paise: request.paise });
    this.idsByToken.set(token, link.payment_link_id);
    if (link.notify_customer.email) this.deps.mail.paymentRequested(link, request.paise);
    return structuredClone(link);
  }

  get(id: string): PaymentLink {
    return structuredClone(this.record(id).link);
  }

  /** The link behind a pay-page token, if any. */
  byToken(token: string): { link: PaymentLink; paise: number } | undefined {
    this.sweep();
    const id = this.idsByToken.get(token);
    const record = id ? this.records.get(id) : undefined;
    return record ? { link: structuredClone(record.link), paise: record.paise } : undefined;
  }

  tokenOf(id: string): string {
    return this.record(id).token;
  }

  /** Changes the descriptive fields of an active link; notifies again when asked to. */
  update(id: string, body: unknown): PaymentLink {
    const record = this.record(id);
    const { link } = record;
    if (link.status !== 'active') throw paymentsErrors.notActive('updated', link.status);
    const changes = checkLinkUpdate(body, record, this.deps.clock());
    checkNotification({ ...link, ...changes });
    Object.assign(link, changes);
    if (changes.notify_customer?.email) this.deps.mail.paymentRequested(link, record.paise);
    return structuredClone(link);
  }

  /** The merchant cancels an active link (`PUT …/cancel`); irreversible. */
  cancel(id: string): PaymentLink {
    const { link } = this.record(id);
    if (link.status !== 'active') throw paymentsErrors.notActive('canceled', link.status);
    return this.close(link, 'canceled');
  }

  /** The buyer pays the whole amount: the link is paid. */
  pay(id: string): Attempt {
    const record = this.record(id);
    const { link } = record;
    if (link.status !== 'active') throw paymentsErrors.notActive('paid', link.status);
    const payment = this.payment(record, 'succeeded');
    link.amount_paid = link.amount;
    link.status = 'paid';
    this.deps.webhooks.emit('payment_link.paid', link.payment_link_id, {
      payment_link: structuredClone(link),
    });
    return this.attempt(link, payment, 'paid');
  }

  /** The buyer's payment fails: recorded on the link, which stays active. */
  fail(id: string): Attempt {
    const record = this.record(id);
    const { link } = record;
    if (link.status !== 'active') throw paymentsErrors.notActive('paid', link.status);
    const payment = this.payment(record, 'failed');
    const failed: PaymentObject = {
      payment_id: payment.payment_id,
      amount: payment.amount,
      currency: 'INR',
      status: 'failed',
      date: payment.date,
      description: link.description,
      reference_number: link.reference_id,
      payment_link_id: link.payment_link_id,
      payment_method: { type: 'card' },
      failure_reason: FAILURE_REASON,
    };
    this.deps.webhooks.emit('payment.failed', link.payment_link_id, { payment: failed });
    return this.attempt(link, payment, 'failed');
  }

  /** Expires an active link now, whatever its date says (a test's shortcut). */
  expire(id: string): PaymentLink {
    const { link } = this.record(id);
    if (link.status !== 'active') throw paymentsErrors.notActive('expired', link.status);
    return this.close(link, 'expired');
  }

  /** Expires every active link past its day; returns how many. */
  sweep(): number {
    const now = this.deps.clock();
    let expired = 0;
    for (const { link } of this.records.values()) {
      if (link.status === 'active' && now >= endOfIstDay(link.expires_at)) {
        this.close(link, 'expired');
        expired += 1;
      }
    }
    return expired;
  }

  /** The payment with this id and the link it was made on (copies), if any. */
  findPayment(paymentId: string): { link: PaymentLink; payment: LinkPayment } | undefined {
    const found = this.livePayment(paymentId);
    return found && { link: structuredClone(found.link), payment: { ...found.payment } };
  }

  /** A refund's mark on a payment; the link itself stays paid, as at Zoho. */
  markRefunded(paymentId: string, status: 'partially_refunded' | 'refunded'): void {
    const found = this.livePayment(paymentId);
    if (found) found.payment.status = status;
  }

  /** Every link, newest first. */
  all(): PaymentLink[] {
    this.sweep();
    return [...this.records.values()].reverse().map(({ link }) => structuredClone(link));
  }

  clear(): void {
    this.records.clear();
    this.idsByToken.clear();
  }

  private record(id: string): LinkRecord {
    this.sweep();
    const record = this.records.get(id);
    if (!record) throw paymentsErrors.linkNotFound();
    return record;
  }

  private livePayment(paymentId: string) {
    for (const { link } of this.records.values()) {
      const payment = link.payments.find((candidate) => candidate.payment_id === paymentId);
      if (payment) return { link, payment };
    }
    return undefined;
  }

  private close(link: PaymentLink, status: Extract<LinkStatus, 'canceled' | 'expired'>) {
    link.status = status;
    this.deps.webhooks.emit(`payment_link.${status}`, link.payment_link_id, {
      payment_link: structuredClone(link),
    });
    return structuredClone(link);
  }

  private payment(record: LinkRecord, status: LinkPayment['status']): LinkPayment {
    const payment: LinkPayment = {
      payment_id: this.deps.paymentIds.take(),
      amount: rupeesText(record.paise),
      status,
      date: Math.floor(this.deps.clock() / 1000),
    };
    record.link.payments.push(payment);
    return payment;
  }

  private attempt(link: PaymentLink, payment: LinkPayment, status: 'paid' | 'failed'): Attempt {
    const result: ReturnResult = {
      payment_link_id: link.payment_link_id,
      payment_id: payment.payment_id,
      amount: link.amount,
      status,
      ...(link.reference_id ? { payment_link_reference: link.reference_id } : {}),
    };
    return {
      link: structuredClone(link),
      payment: { ...payment },
      ...(link.return_url
        ? { redirectUrl: signedReturnUrl(link.return_url, this.deps.config.signingKey, result) }
        : {}),
    };
  }
}
