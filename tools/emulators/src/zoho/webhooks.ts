/**
 * The webhook side of Zoho Payments: builds events about payment links
 * and signs each delivery attempt afresh; the shared delivery POSTs the
 * exact signed bytes to the configured URL, retries and records every
 * attempt for the control API.
 *
 * Event ids are 16-digit numbers on the wire, as in Zoho's samples — past
 * what a JavaScript number holds exactly. The body is therefore written by
 * hand around the id, and the emulator itself only ever handles the id as
 * a string. A receiver that parses `event_id` with plain `JSON.parse`
 * gets a rounded value; that is exactly what it would get from Zoho.
 */
import type { Clock } from '../clock';
import { type RecordedAttempt, type SignedAttempt, WebhookDelivery } from '../webhook-delivery';
import type { ZohoConfig } from './config';
import type { IdSequence } from './ids';
import type { EventObject, ZohoEventType } from './payment-link-types';
import { SIGNATURE_HEADER, webhookSignature } from './signing';

const MAX_KEPT = 5000;

export interface ZohoEvent {
  /** The `event_id`, digits as sent. */
  eventId: string;
  eventType: ZohoEventType;
  paymentLinkId: string;
  /** `event_time`, epoch milliseconds. */
  eventTime: number;
  /** The exact JSON that is signed and POSTed. */
  body: string;
}

/** What identifies a delivery attempt: its event and the signature it carried. */
interface AttemptIdentity {
  eventId: string;
  eventType: ZohoEventType;
  paymentLinkId: string;
  /** The header sent with this attempt. */
  signature: string;
}

export type ZohoDeliveryAttempt = RecordedAttempt<AttemptIdentity>;

export interface ZohoWebhookDeps {
  config: ZohoConfig;
  clock: Clock;
  eventIds: IdSequence;
  onError?: (message: string, error: unknown) => void;
}

/** Zoho writes the account id as a number; a non-numeric one (tests) stays a string. */
function accountIdValue(accountId: string): number | string {
  return /^\d{1,15}$/.test(accountId) ? Number(accountId) : accountId;
}

export class ZohoWebhookDispatcher {
  private readonly events = new Map<string, ZohoEvent>();
  private readonly delivery: WebhookDelivery<AttemptIdentity>;

  constructor(private readonly deps: ZohoWebhookDeps) {
    this.delivery = new WebhookDelivery({
      settings: deps.config,
      onCrash: (error) => deps.onError?.('Zoho webhook delivery crashed', error),
    });
  }

  /** Records an event (a snapshot of the object as it is now) and starts delivering it. */
  emit(eventType: ZohoEventType, paymentLinkId: string, object: EventObject): ZohoEvent {
    const eventId = this.deps.eventIds.take();
    const eventTime = this.deps.clock();
    const rest = JSON.stringify({
      event_type: eventType,
      account_id: accountIdValue(this.deps.config.accountId),
      live_mode: false,
      event_time: eventTime,
      event_object: object,
    });
    const event: ZohoEvent = {
      eventId,
      eventType,
      paymentLinkId,
      eventTime,
      body: `{"event_id":${eventId},${rest.slice(1)}`,
    };
    this.events.set(eventId, event);
    if (this.events.size > MAX_KEPT) {
      const oldest = this.events.keys().next().value;
      if (oldest !== undefined) this.events.delete(oldest);
    }
    this.start(event, false);
    return event;
  }

  /** Sends a known event again, signed afresh. */
  redeliver(eventId: string): ZohoEvent | undefined {
    const event = this.events.get(eventId);
    if (event) this.start(event, true);
    return event;
  }

  /** Newest first. */
  listEvents(filter: { paymentLinkId?: string } = {}): ZohoEvent[] {
    return [...this.events.values()]
      .filter((event) => !filter.paymentLinkId || event.paymentLinkId === filter.paymentLinkId)
      .reverse()
      .map((event) => ({ ...event }));
  }

  /** Oldest first, in the order attempts started. */
  listAttempts(filter: { eventId?: string; paymentLinkId?: string } = {}): ZohoDeliveryAttempt[] {
    return this.delivery.listAttempts(
      (attempt) =>
        (!filter.eventId || attempt.eventId === filter.eventId) &&
        (!filter.paymentLinkId || attempt.paymentLinkId === filter.paymentLinkId),
    );
  }

  /** Resolves once no delivery is under way (retries included). */
  idle(): Promise<void> {
    return this.delivery.idle();
  }

  /** Forgets every event and attempt and stops deliveries under way. */
  reset(): void {
    this.delivery.reset();
    this.events.clear();
  }

  /** Stops deliveries under way (on shutdown). */
  close(): void {
    this.delivery.close();
  }

  private start(event: ZohoEvent, redelivery: boolean): void {
    this.delivery.start(redelivery, () => this.sign(event));
  }

  /** Signs one attempt: the signature covers the time of the attempt, not of the event. */
  private sign(event: ZohoEvent): SignedAttempt<AttemptIdentity> {
    const { config, clock } = this.deps;
    const signature = webhookSignature(config.signingKey, clock(), event.body);
    return {
      headers: {
        'User-Agent': 'ZohoPayments-Webhook (emulator)',
        [SIGNATURE_HEADER]: signature,
      },
      body: event.body,
      record: {
        eventId: event.eventId,
        eventType: event.eventType,
        paymentLinkId: event.paymentLinkId,
        signature,
      },
    };
  }
}
