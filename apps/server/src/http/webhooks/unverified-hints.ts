/**
 * A webhook delivery whose signature cannot be checked now (PayPal's
 * certificate not fetched yet: the minute's fetches spent by a flood of
 * forged deliveries, or the fetch failing) is refused with 503 and the
 * provider delivers it again. Meanwhile the order it names is taken as a
 * hint: when that is an order awaiting payment on the rail, the provider
 * is asked about it now through the normal settlement path, so a genuine
 * payment settles in seconds however many forged deliveries came first.
 * Nothing the delivery says is believed: the order changes only by what
 * the provider answers when asked directly.
 *
 * Bounded so forged hints buy little: a hint costs one indexed read, and
 * nothing more unless it names an order awaiting payment; each order is
 * asked about at most once a minute, and at most `checksPerMinute` orders
 * a minute per instance. The memory is this instance's own cache of what
 * it asked lately, nothing another instance needs.
 */
import type { Database } from '../../db/client';
import { InstanceBudget } from '../../lib/instance-budget';
import type { RailName, RailWebhookEvent } from '../../orders/rail-port';
import { findOrderOnRail } from '../../orders/repository';
import type { OrderService } from '../../orders/service';

export const HINT_LIMITS = {
  /** How long after a check an order is not asked about again on a hint. */
  perOrderIntervalMs: 60_000,
  /** Orders asked about on hints a minute per instance, all rails together. */
  checksPerMinute: 30,
};

const MINUTE_MS = 60_000;

export type HintOutcome =
  | { checked: false; why: 'no order awaiting payment' | 'asked lately' | 'too many checks' }
  | { checked: true; orderId: string; result: string };

export class UnverifiedHints {
  /**
   * When each order was last asked about, oldest first; entries older than
   * the interval are dropped, so it holds at most two minutes' checks.
   */
  private readonly askedAt = new Map<string, number>();
  private readonly checks = new InstanceBudget(HINT_LIMITS.checksPerMinute, MINUTE_MS);

  constructor(
    private readonly db: Database,
    private readonly orders: Pick<OrderService, 'settlement'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Asks the provider about the order `reference` names, when it is due a check. */
  async follow(
    rail: RailName,
    reference: RailWebhookEvent['orderReference'],
  ): Promise<HintOutcome> {
    const order = await findOrderOnRail(this.db, rail, reference);
    if (!order || order.status !== 'awaiting_payment') {
      return { checked: false, why: 'no order awaiting payment' };
    }
    const now = this.now();
    this.forgetBefore(now - HINT_LIMITS.perOrderIntervalMs);
    if (this.askedAt.has(order.id)) return { checked: false, why: 'asked lately' };
    if (!this.checks.take(now)) return { checked: false, why: 'too many checks' };
    // Remembered before asking, so hints arriving meanwhile do not ask again.
    this.askedAt.set(order.id, now);
    try {
      const synced = await this.orders.settlement.sync(order, 'unverified webhook');
      return { checked: true, orderId: order.id, result: `order ${synced.status}` };
    } catch (error) {
      // Reconciliation and the provider's next delivery will try again.
      return {
        checked: true,
        orderId: order.id,
        result: `check failed: ${(error as Error).message.slice(0, 200)}`,
      };
    }
  }

  /** Drops the checks older than `cutoff`: they are kept in the order they were made. */
  private forgetBefore(cutoff: number): void {
    for (const [orderId, askedAt] of this.askedAt) {
      if (askedAt > cutoff) break;
      this.askedAt.delete(orderId);
    }
  }
}
