/**
 * The webhook side of PayPal: builds invoicing events and signs each
 * delivery attempt as PayPal does; the shared delivery POSTs the exact
 * signed bytes to the subscribed URL, retries and records every attempt
 * for the control API. Every transmission is remembered so that
 * `verify-webhook-signature` can answer for it.
 */
import { isDeepStrictEqual } from 'node:util';
import { type Clock, rfc3339 } from '../clock';
import { type RecordedAttempt, type SignedAttempt, WebhookDelivery } from '../webhook-delivery';
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

/** What identifies a delivery attempt: its event and its own transmission. */
interface AttemptIdentity {
  eventId: string;
  eventType: InvoiceEventType;
  invoiceId: string;
  transmissionId: string;
}

export type DeliveryAttempt = RecordedAttempt<AttemptIdentity>;

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
  private readonly delivery: WebhookDelivery<AttemptIdentity>;

  constructor(private readonly deps: WebhookDispatcherDeps) {
    this.delivery = new WebhookDelivery({
      settings: deps.config,
      onCrash: (error) => deps.onError?.('webhook delivery crashed', error),
    });
  }

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
    return this.delivery.listAttempts(
      (attempt) =>
        (!filter.eventId || attempt.eventId === filter.eventId) &&
        (!filter.invoiceId || attempt.invoiceId === filter.invoiceId),
    );
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
  idle(): Promise<void> {
    return this.delivery.idle();
  }

  /** Forgets every event and attempt and stops deliveries under way. */
  reset(): void {
    this.delivery.reset();
    this.events.clear();
    this.transmissions.clear();
  }

  /** Stops deliveries under way (on shutdown). */
  close(): void {
    this.delivery.close();
  }

  private start(event: WebhookEvent, redelivery: boolean): void {
    // Every attempt of a delivery sends the same bytes under a new transmission.
    const body = JSON.stringify(event);
    this.delivery.start(redelivery, () => this.transmit(event, body));
  }

  /** Signs one attempt as a new transmission, remembered for `verify`. */
  private transmit(event: WebhookEvent, body: string): SignedAttempt<AttemptIdentity> {
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
    return {
      headers: {
        'User-Agent': 'PayPal/AUHD-214.0-emulator',
        'PAYPAL-TRANSMISSION-ID': transmission.id,
        'PAYPAL-TRANSMISSION-TIME': transmission.time,
        'PAYPAL-TRANSMISSION-SIG': transmission.signature,
        'PAYPAL-CERT-URL': certUrl,
        'PAYPAL-AUTH-ALGO': AUTH_ALGO,
      },
      body,
      record: {
        eventId: event.id,
        eventType: event.event_type,
        invoiceId: event.resource.invoice.id,
        transmissionId: transmission.id,
      },
    };
  }

  private trim<V>(map: Map<string, V>): void {
    if (map.size <= MAX_KEPT) return;
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}
