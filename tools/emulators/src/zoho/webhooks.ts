/**
 * The webhook side of Zoho Payments: builds events about payment links,
 * signs each delivery attempt afresh, POSTs the exact signed bytes to the
 * configured URL and retries after a non-2xx answer or a connection
 * failure. Every attempt is recorded for the control API.
 *
 * Event ids are 16-digit numbers on the wire, as in Zoho's samples — past
 * what a JavaScript number holds exactly. The body is therefore written by
 * hand around the id, and the emulator itself only ever handles the id as
 * a string. A receiver that parses `event_id` with plain `JSON.parse`
 * gets a rounded value; that is exactly what it would get from Zoho.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock';
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

export interface ZohoDeliveryAttempt {
  eventId: string;
  eventType: ZohoEventType;
  paymentLinkId: string;
  /** 1 for the first try of a delivery, 2 for its first retry, … */
  attempt: number;
  /** True when started by a redelivery rather than by the event itself. */
  redelivery: boolean;
  url: string;
  /** The header sent with this attempt. */
  signature: string;
  startedAt: string;
  finishedAt: string | null;
  statusCode: number | null;
  error: string | null;
  outcome: 'pending' | 'delivered' | 'failed';
}

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
  private readonly attempts: ZohoDeliveryAttempt[] = [];
  private readonly running = new Set<Promise<void>>();
  private stopping = new AbortController();

  constructor(private readonly deps: ZohoWebhookDeps) {}

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
    return this.attempts
      .filter((attempt) => !filter.eventId || attempt.eventId === filter.eventId)
      .filter((attempt) => !filter.paymentLinkId || attempt.paymentLinkId === filter.paymentLinkId)
      .map((attempt) => ({ ...attempt }));
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
    this.attempts.length = 0;
  }

  /** Stops deliveries under way (on shutdown). */
  close(): void {
    this.stopping.abort();
  }

  private start(event: ZohoEvent, redelivery: boolean): void {
    const url = this.deps.config.webhookTargetUrl;
    if (!url) return;
    const run = this.deliver(event, url, redelivery, this.stopping.signal)
      .catch((error: unknown) => this.deps.onError?.('Zoho webhook delivery crashed', error))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private async deliver(
    event: ZohoEvent,
    url: string,
    redelivery: boolean,
    stop: AbortSignal,
  ): Promise<void> {
    const delays = this.deps.config.webhookRetryDelaysMs;
    for (let attempt = 1; attempt <= delays.length + 1; attempt += 1) {
      if (stop.aborted) return;
      if (await this.attempt(event, url, attempt, redelivery, stop)) return;
      const wait = delays[attempt - 1];
      if (wait === undefined) return;
      await sleep(wait, undefined, { signal: stop }).catch(() => undefined);
    }
  }

  /** One signed POST; true when the receiver answered 2xx. */
  private async attempt(
    event: ZohoEvent,
    url: string,
    attempt: number,
    redelivery: boolean,
    stop: AbortSignal,
  ): Promise<boolean> {
    const { config, clock } = this.deps;
    const signature = webhookSignature(config.signingKey, clock(), event.body);
    const record: ZohoDeliveryAttempt = {
      eventId: event.eventId,
      eventType: event.eventType,
      paymentLinkId: event.paymentLinkId,
      attempt,
      redelivery,
      url,
      signature,
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
          'User-Agent': 'ZohoPayments-Webhook (emulator)',
          [SIGNATURE_HEADER]: signature,
        },
        body: event.body,
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
