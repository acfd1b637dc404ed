/**
 * Refused webhook deliveries, counted in memory and added to the shared
 * hourly counts (`webhook_refusals`) at most once a minute per instance:
 * a flood of forged deliveries writes no row per delivery. The seller's
 * Needs attention reads those counts ("webhooks refused in bulk",
 * seller/attention.ts), so it shows a flood at most a minute late. What is
 * pending is flushed on shutdown too; a failed flush keeps its counts for
 * the next one.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { addRefusals, type RefusalCount } from './payment-events-repository';

/** How long refusals are counted in memory before they are added to the shared rows. */
export const REFUSAL_FLUSH_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Refused webhook deliveries not yet written (tests flush it). */
    webhookRefusals?: WebhookRefusalTally;
  }
}

export class WebhookRefusalTally {
  private pending = new Map<string, RefusalCount>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly flushEveryMs = REFUSAL_FLUSH_MS,
  ) {}

  count(provider: RefusalCount['provider'], refusal: RefusalCount['refusal']): void {
    const key = `${provider}:${refusal}`;
    const counted = this.pending.get(key) ?? { provider, refusal, count: 0 };
    counted.count += 1;
    this.pending.set(key, counted);
    // One flush per interval, started by the first refusal after the last one: no timer runs idle.
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.flush().catch((error: unknown) =>
        this.log.error({ err: error }, 'webhook refusal counts not written; kept for later'),
      );
    }, this.flushEveryMs);
    this.timer.unref();
  }

  /** Adds what was counted to the shared rows now. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const counts = [...this.pending.values()];
    this.pending = new Map();
    try {
      await addRefusals(this.db, counts);
    } catch (error) {
      for (const { provider, refusal, count } of counts) {
        for (let index = 0; index < count; index += 1) this.count(provider, refusal);
      }
      throw error;
    }
  }
}
