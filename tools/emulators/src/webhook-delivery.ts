/**
 * Webhook delivery as both payment providers do it: POST the event to the
 * subscribed URL, retry after a non-2xx answer or a connection failure
 * after each configured wait, and record every attempt for the control
 * API. What differs between providers — the event's shape and how each
 * attempt is signed — stays with them: they hand over one signed request
 * per attempt, because both sign every attempt afresh.
 */
import { setTimeout as sleep } from 'node:timers/promises';

const MAX_KEPT = 5000;

/** The provider's delivery settings (their config objects have these fields). */
export interface DeliverySettings {
  /** Where events are POSTed; null keeps them undelivered. */
  webhookTargetUrl: string | null;
  /** Waits between attempts: one more attempt than there are waits. */
  webhookRetryDelaysMs: readonly number[];
  /** Time limit of one attempt. */
  webhookTimeoutMs: number;
}

/** What is recorded of every attempt, whatever the provider. */
export interface AttemptProgress {
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

/** A recorded attempt: the provider's fields (event id, …) first, then the progress. */
export type RecordedAttempt<S extends object> = S & AttemptProgress;

/** One attempt's request, signed by the provider just before it is sent. */
export interface SignedAttempt<S extends object> {
  /** The provider's headers (User-Agent, signature, …); Content-Type is always JSON. */
  headers: Record<string, string>;
  /** The exact bytes that were signed. */
  body: string;
  /** The provider's fields of the attempt record. */
  record: S;
}

export interface WebhookDeliveryOptions {
  settings: DeliverySettings;
  /** Told when a delivery fails in a way no attempt record can show (a bug). */
  onCrash?: (error: unknown) => void;
}

export class WebhookDelivery<S extends object> {
  private readonly attempts: RecordedAttempt<S>[] = [];
  private readonly running = new Set<Promise<void>>();
  private stopping = new AbortController();

  constructor(private readonly options: WebhookDeliveryOptions) {}

  /**
   * Starts delivering one event in the background, unless delivery is off.
   * `sign` is called once per attempt, right before it is sent.
   */
  start(redelivery: boolean, sign: () => SignedAttempt<S>): void {
    const url = this.options.settings.webhookTargetUrl;
    if (!url) return;
    const run = this.deliver(url, redelivery, sign, this.stopping.signal)
      .catch((error: unknown) => this.options.onCrash?.(error))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Copies of the attempts that match, oldest first, in the order they started. */
  listAttempts(matches: (attempt: RecordedAttempt<S>) => boolean): RecordedAttempt<S>[] {
    return this.attempts.filter(matches).map((attempt) => ({ ...attempt }));
  }

  /** Resolves once no delivery is under way (retries included). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Forgets every attempt and stops deliveries under way. */
  reset(): void {
    this.stopping.abort();
    this.stopping = new AbortController();
    this.attempts.length = 0;
  }

  /** Stops deliveries under way (on shutdown). */
  close(): void {
    this.stopping.abort();
  }

  private async deliver(
    url: string,
    redelivery: boolean,
    sign: () => SignedAttempt<S>,
    stop: AbortSignal,
  ): Promise<void> {
    const delays = this.options.settings.webhookRetryDelaysMs;
    for (let attempt = 1; attempt <= delays.length + 1; attempt += 1) {
      if (stop.aborted) return;
      if (await this.attempt(sign(), url, attempt, redelivery, stop)) return;
      const wait = delays[attempt - 1];
      if (wait === undefined) return;
      await sleep(wait, undefined, { signal: stop }).catch(() => undefined);
    }
  }

  /** One signed POST; true when the receiver answered 2xx. */
  private async attempt(
    signed: SignedAttempt<S>,
    url: string,
    attempt: number,
    redelivery: boolean,
    stop: AbortSignal,
  ): Promise<boolean> {
    const record: RecordedAttempt<S> = {
      ...signed.record,
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
        headers: { 'Content-Type': 'application/json', ...signed.headers },
        body: signed.body,
        redirect: 'manual',
        signal: AbortSignal.any([
          AbortSignal.timeout(this.options.settings.webhookTimeoutMs),
          stop,
        ]),
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
