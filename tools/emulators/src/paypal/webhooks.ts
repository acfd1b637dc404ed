/**
 * The webhook side of PayPal: builds invoicing events, signs each delivery
 * attempt as PayPal does, POSTs the exact signed bytes to the subscribed URL
 * and retries on a non-2xx answer or a connection failure. Every attempt is
 * recorded for the control API, and every transmission is remembered so that
 * `verify-webhook-signature` can answer for it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { type Clock, rfc3339 } from '../clock';
import type { PaypalConfig } from './config';
import { transmissionId as newTransmissionId, webhookEventId } from './ids';
import { AUTH_ALGO, type WebhookSigner, signedMessage } from './signing';
import type { Invoice, InvoiceEventType, WebhookEvent } from './types';

const SUMMARIES: Record<InvoiceEventType, string> = {
  'INVOICING.INVOICE.PAID': 'An invoice was paid',
  'INVOICING.INVOICE.CANCELLED': 'An invoice was cancelled',
  'INVOICING.INVOICE.REFUNDED': 'An invoice was refunded',
};

const MAX_KEPT = 5000;

export interface DeliveryAttempt {
  eventId: string;
  eventType: InvoiceEventType;
  invoiceId: string;
  transmissionId: string;
  /** 1 for the first try of a delivery, 2 for its first retry, … */
  attempt: number;
  /** True when started by a redelivery rather than by the event itself. */
  redelivery: boolean;
  url: string;
  startedAt: string;
  finishedAt: string | null;
  statusCode: number | null;
  error: string | null;
  outcome: 'pending' | 'delivered' | 'failed';
}

interface Transmission {
  id: string;
  eventId: string;
  time: string;
  webhookId: string;
  signature: string;
  /** The exact bytes sent (and signed). */
  body: string;
}

/** Body of `POST /v1/notifications/verify-webhook-signature` once its fields are present. */
export interface VerifyRequest {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: unknown;
}

export interface WebhookDispatcherDeps {
  config: PaypalConfig;
  signer: WebhookSigner;
  certUrl: string;
  clock: Clock;
  onError?: (message: string, error: unknown) => void;
}

export class WebhookDispatcher {
  private readonly events = new Map<string, WebhookEvent>();
  private readonly transmissions = new Map<string, Transmission>();
  private readonly attempts: DeliveryAttempt[] = [];
  private readonly running = new Set<Promise<void>>();
  private stopping = new AbortController();

  constructor(private readonly deps: WebhookDispatcherDeps) {}

  /** Records an event about the invoice as it is now and starts delivering it. */
  emit(eventType: InvoiceEventType, invoice: Invoice): WebhookEvent {
    const id = webhookEventId();
    const base = `${this.deps.config.apiBaseUrl}/v1/notifications/webhooks-events/${id}`;
    const event: WebhookEvent = {
      id,
      event_version: '1.0',
      create_time: rfc3339(this.deps.clock()),
      resource_type: 'invoices',
      event_type: eventType,
      summary: SUMMARIES[eventType],
      resource_version: '2.0',
      // A snapshot: later changes to the invoice must not alter a sent event.
      resource: { invoice: structuredClone(invoice) },
      links: [
        { href: base, rel: 'self', method: 'GET' },
        { href: `${base}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    this.events.set(id, event);
    this.trim(this.events);
    this.start(event, false);
    return event;
  }

  /** Sends a known event again, with a fresh transmission id, time and signature. */
  redeliver(eventId: string): WebhookEvent | undefined {
    const event = this.events.get(eventId);
    if (event) this.start(event, true);
    return event;
  }

  event(eventId: string): WebhookEvent | undefined {
    return this.events.get(eventId);
  }

  /** Newest first. */
  listEvents(): WebhookEvent[] {
    return [...this.events.values()].reverse();
  }

  /** Oldest first, in the order attempts started. */
  listAttempts(filter: { eventId?: string; invoiceId?: string } = {}): DeliveryAttempt[] {
    return this.attempts
      .filter((attempt) => !filter.eventId || attempt.eventId === filter.eventId)
      .filter((attempt) => !filter.invoiceId || attempt.invoiceId === filter.invoiceId)
      .map((attempt) => ({ ...attempt }));
  }

  /**
   * PayPal's postback check: SUCCESS only for a transmission this emulator
   * made, with its signature, time and algorithm, the configured webhook id
   * and the very event it carried (a changed body fails).
   */
  verify(request: VerifyRequest): 'SUCCESS' | 'FAILURE' {
    const sent = this.transmissions.get(request.transmission_id);
    if (!sent) return 'FAILURE';
    if (request.auth_algo !== AUTH_ALGO || request.cert_url !== this.deps.certUrl) return 'FAILURE';
    if (request.webhook_id !== this.deps.config.webhookId) return 'FAILURE';
    if (request.transmission_time !== sent.time) return 'FAILURE';
    if (!isDeepStrictEqual(request.webhook_event, JSON.parse(sent.body))) return 'FAILURE';
    const message = signedMessage(sent.id, sent.time, request.webhook_id, sent.body);
    return this.deps.signer.verify(message, request.transmission_sig) ? 'SUCCESS' : 'FAILURE';
  }

  /** Resolves once no delivery is under way (retries included). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Forgets every event and attempt and stops deliveries under way. */
  reset(): void {
    this.stopping.abort();
    this.stopping = new AbortController();
    this.events.clear();
    this.transmissions.clear();
    this.attempts.length = 0;
  }

  /** Stops deliveries under way (on shutdown). */
  close(): void {
    this.stopping.abort();
  }

  private start(event: WebhookEvent, redelivery: boolean): void {
    const url = this.deps.config.webhookTargetUrl;
    if (!url) return;
    const run = this.deliver(event, url, redelivery, this.stopping.signal)
      .catch((error: unknown) => this.deps.onError?.('webhook delivery crashed', error))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private async deliver(
    event: WebhookEvent,
    url: string,
    redelivery: boolean,
    stop: AbortSignal,
  ): Promise<void> {
    const body = JSON.stringify(event);
    const delays = this.deps.config.webhookRetryDelaysMs;
    for (let attempt = 1; attempt <= delays.length + 1; attempt += 1) {
      if (stop.aborted) return;
      if (await this.attempt(event, body, url, attempt, redelivery, stop)) return;
      const wait = delays[attempt - 1];
      if (wait === undefined) return;
      await sleep(wait, undefined, { signal: stop }).catch(() => undefined);
    }
  }

  /** One signed POST; true when the receiver answered 2xx. */
  private async attempt(
    event: WebhookEvent,
    body: string,
    url: string,
    attempt: number,
    redelivery: boolean,
    stop: AbortSignal,
  ): Promise<boolean> {
    const { config, signer, certUrl, clock } = this.deps;
    const transmission: Transmission = {
      id: newTransmissionId(),
      eventId: event.id,
      time: rfc3339(clock()),
      webhookId: config.webhookId,
      signature: '',
      body,
    };
    transmission.signature = signer.sign(
      signedMessage(transmission.id, transmission.time, transmission.webhookId, body),
    );
    this.transmissions.set(transmission.id, transmission);
    this.trim(this.transmissions);

    const record: DeliveryAttempt = {
      eventId: event.id,
      eventType: event.event_type,
      invoiceId: event.resource.invoice.id,
      transmissionId: transmission.id,
      attempt,
      redelivery,
      url,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      statusCode: null,
      error: null,
      outcome: 'pending',
    };
    this.attempts.push(record);
    if (this.attempts.length > MAX_KEPT) this.attempts.shift();

    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'PayPal/AUHD-214.0-emulator',
          'PAYPAL-TRANSMISSION-ID': transmission.id,
          'PAYPAL-TRANSMISSION-TIME': transmission.time,
          'PAYPAL-TRANSMISSION-SIG': transmission.signature,
          'PAYPAL-CERT-URL': certUrl,
          'PAYPAL-AUTH-ALGO': AUTH_ALGO,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(config.webhookTimeoutMs), stop]),
      });
      // Drain the answer so the connection can be reused; its content is not used.
      await response.arrayBuffer().catch(() => undefined);
      record.statusCode = response.status;
      record.outcome = response.ok ? 'delivered' : 'failed';
    } catch (error) {
      record.error = describeFailure(error);
      record.outcome = 'failed';
    }
    record.finishedAt = new Date().toISOString();
    return record.outcome === 'delivered';
  }

  private trim<V>(map: Map<string, V>): void {
    if (map.size <= MAX_KEPT) return;
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

/** "ECONNREFUSED", "timeout", … rather than fetch's generic "fetch failed". */
function describeFailure(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'timeout';
    if (error.name === 'AbortError') return 'stopped';
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause && typeof cause === 'object' && 'code' in cause) return String(cause.code);
    return error.message;
  }
  return String(error);
}
