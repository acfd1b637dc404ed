/**
 * Hand-off to the courses portal through an outbox. `enqueueHandoff` runs
 * inside the transaction that marks the order paid or refunded (and
 * `enqueueMoveHandoff` in the one that moves its seat), so the message
 * exists exactly when the state does. `HandoffDeliverer` sends due
 * messages as HMAC-signed JSON, one order's in the order they were written,
 * records every attempt, and retries with growing pauses until the portal
 * acknowledges. Claims use SKIP LOCKED, so
 * several instances share the work without sending a message twice at once.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { HANDOFF_HEADERS, handoffAcknowledgementSchema } from '@wifi7/contract';
import { and, eq, inArray, isNull, lt, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { handoffAttempts, portalHandoffs } from '../../db/schema';
import type { Db, OrderRow } from '../orders/repository';
import { buildHandoffPayload, type HandoffBatch, type HandoffKind } from './payload';

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

/** Writes the message once per order and kind; returns its id, or nothing when it exists. */
export function enqueueHandoff(
  db: Db,
  order: OrderRow,
  kind: Exclude<HandoffKind, 'enrollment.moved'>,
): Promise<string | undefined> {
  return insertHandoff(db, order, kind, '');
}

/**
 * Tells the portal the student moved from `from` to the order's batch.
 * Each move is a message of its own, written once per `moveKey` (the
 * seller's request key), so a second move is told too and a repeated
 * request is not.
 */
export function enqueueMoveHandoff(
  db: Db,
  order: OrderRow,
  from: HandoffBatch,
  moveKey: string,
): Promise<string | undefined> {
  return insertHandoff(db, order, 'enrollment.moved', moveKey, from);
}

async function insertHandoff(
  db: Db,
  order: OrderRow,
  kind: HandoffKind,
  dedupeKey: string,
  movedFrom?: HandoffBatch,
): Promise<string | undefined> {
  const id = randomUUID();
  const [row] = await db
    .insert(portalHandoffs)
    .values({
      id,
      orderId: order.id,
      kind,
      dedupeKey,
      payload: buildHandoffPayload(id, kind, order, new Date(), movedFrom),
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
    const claimed = await this.claim(1, { id });
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

  /** After one of an order's messages is acknowledged, the next one waiting behind it goes at once. */
  private async deliverNextOf(orderId: string): Promise<void> {
    const [next] = await this.claim(1, { orderId });
    if (next) await this.send(next);
  }

  private async claim(limit: number, only: { id?: string; orderId?: string } = {}) {
    const earlier = alias(portalHandoffs, 'earlier');
    const due = this.db
      .select({ id: portalHandoffs.id })
      .from(portalHandoffs)
      .where(
        and(
          isNull(portalHandoffs.deliveredAt),
          lte(portalHandoffs.nextAttemptAt, sql`now()`),
          only.id ? eq(portalHandoffs.id, only.id) : undefined,
          only.orderId ? eq(portalHandoffs.orderId, only.orderId) : undefined,
          // One order's messages reach the portal in the order they were written: a move
          // or a revocation never overtakes an enrolment the portal has not acknowledged.
          notExists(
            this.db
              .select({ id: earlier.id })
              .from(earlier)
              .where(
                and(
                  eq(earlier.orderId, portalHandoffs.orderId),
                  isNull(earlier.deliveredAt),
                  lt(earlier.createdAt, portalHandoffs.createdAt),
                ),
              ),
          ),
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
          [HANDOFF_HEADERS.id]: handoff.id,
          [HANDOFF_HEADERS.timestamp]: String(timestamp),
          [HANDOFF_HEADERS.signature]: signHandoff(this.settings.webhookSecret, timestamp, body),
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
      await this.deliverNextOf(handoff.orderId);
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
    return handoffAcknowledgementSchema.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
}
