/**
 * Hand-off to the courses portal through an outbox. `enqueueHandoff` runs
 * inside the transaction that marks the order paid or refunded, so the
 * message exists exactly when the state does. `HandoffDeliverer` sends due
 * messages as HMAC-signed JSON, records every attempt, and retries with
 * growing pauses until the portal answers 2xx. Claims use SKIP LOCKED, so
 * several instances share the work without sending a message twice at once.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { handoffAttempts, portalHandoffs } from '../../db/schema';
import type { Db, OrderRow } from '../orders/repository';
import { buildHandoffPayload, type HandoffKind } from './payload';

export interface PortalSettings {
  webhookUrl: string;
  webhookSecret: string;
  timeoutMs?: number;
}

/** Pause after the n-th failed attempt: 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h. */
export function retryDelaySeconds(failedAttempts: number): number {
  const steps = [30, 120, 600, 1800, 3600];
  return steps[failedAttempts - 1] ?? 3 * 3600;
}

export function signHandoff(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Writes the message once per order and kind; returns its id. */
export async function enqueueHandoff(
  db: Db,
  order: OrderRow,
  kind: HandoffKind,
): Promise<string | undefined> {
  const id = randomUUID();
  const [row] = await db
    .insert(portalHandoffs)
    .values({
      id,
      orderId: order.id,
      kind,
      payload: buildHandoffPayload(id, kind, order, new Date()),
    })
    .onConflictDoNothing()
    .returning({ id: portalHandoffs.id });
  return row?.id;
}

const CLAIM_SECONDS = 120;

export class HandoffDeliverer {
  constructor(
    private readonly db: Db,
    private readonly settings: PortalSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends every due message (up to `limit`); answers how many were acknowledged. */
  async deliverDue(limit = 20): Promise<number> {
    const claimed = await this.claim(limit);
    let delivered = 0;
    for (const handoff of claimed) {
      if (await this.send(handoff)) delivered += 1;
    }
    return delivered;
  }

  /** Sends one message now if it is still undelivered and nobody else is sending it. */
  async deliverNow(id: string): Promise<boolean> {
    const claimed = await this.claim(1, id);
    const handoff = claimed[0];
    return handoff ? this.send(handoff) : false;
  }

  /** Sends one message now without waiting for the answer; the worker retries if this fails. */
  deliverSoon(id: string): void {
    void this.deliverNow(id).catch((error: unknown) => {
      this.log.error(
        { handoff: id, err: error },
        'immediate hand-off failed; the worker will retry',
      );
    });
  }

  private async claim(limit: number, onlyId?: string) {
    const due = this.db
      .select({ id: portalHandoffs.id })
      .from(portalHandoffs)
      .where(
        and(
          isNull(portalHandoffs.deliveredAt),
          lte(portalHandoffs.nextAttemptAt, sql`now()`),
          onlyId ? eq(portalHandoffs.id, onlyId) : undefined,
        ),
      )
      .orderBy(portalHandoffs.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(portalHandoffs)
      .set({ nextAttemptAt: sql`now() + ${CLAIM_SECONDS} * interval '1 second'` })
      .where(inArray(portalHandoffs.id, due))
      .returning();
  }

  private async send(handoff: typeof portalHandoffs.$inferSelect): Promise<boolean> {
    const body = JSON.stringify(handoff.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(this.settings.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-handoff-id': handoff.id,
          'x-handoff-timestamp': String(timestamp),
          'x-handoff-signature': signHandoff(this.settings.webhookSecret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
      });
      statusCode = response.status;
      const answer = await response.text();
      if (!response.ok) error = `portal answered ${response.status}`;
      else if (!isAcknowledgement(answer)) {
        // A 2xx from something else on the way (a proxy's page, a stand-in) is not the portal
        // saying it has the student: keep trying until it says so.
        error = `portal answered ${response.status} without acknowledging the hand-off`;
      }
    } catch (caught) {
      error =
        (caught as Error).name === 'TimeoutError' ? 'no answer in time' : (caught as Error).message;
    }

    const attempts = handoff.attempts + 1;
    await this.db.insert(handoffAttempts).values({ handoffId: handoff.id, statusCode, error });
    if (error === null) {
      await this.db
        .update(portalHandoffs)
        .set({ deliveredAt: sql`now()`, attempts, lastError: null })
        .where(eq(portalHandoffs.id, handoff.id));
      this.log.info(
        { handoff: handoff.id, order: handoff.orderId, kind: handoff.kind },
        'hand-off delivered',
      );
      return true;
    }
    const delay = retryDelaySeconds(attempts);
    await this.db
      .update(portalHandoffs)
      .set({
        attempts,
        lastError: error,
        nextAttemptAt: sql`now() + ${delay} * interval '1 second'`,
      })
      .where(eq(portalHandoffs.id, handoff.id));
    this.log.error(
      { handoff: handoff.id, order: handoff.orderId, attempts, retryInSeconds: delay, error },
      'hand-off not acknowledged; will retry',
    );
    return false;
  }
}

/** The portal's acknowledgement: a JSON object with `received: true`. */
function isAcknowledgement(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as unknown;
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      (parsed as { received?: unknown }).received === true
    );
  } catch {
    return false;
  }
}
