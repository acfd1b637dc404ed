/**
 * Hand-off to the courses portal. `enqueue` runs inside the transaction
 * that marks the order paid or refunded (and `enqueueMove` in the one that
 * moves its seat), so the message and the job that delivers it exist
 * exactly when the state does. The job sends the message as HMAC-signed
 * JSON, one order's in the order they were written, records every attempt,
 * and the queue retries until the portal acknowledges.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { HANDOFF_HEADERS, handoffAcknowledgementSchema } from '@wifi7/contract';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { handoffAttempts, jobs, portalHandoffs } from '../db/schema';
import { enqueue, JobQueue, QueuedDelivery, type JobOutcome } from '../core/jobs/queue';
import type { PortalHandoffs } from '../orders/enrolment-port';
import type { Db, OrderRow } from '../orders/repository';
import {
  attendeeOf,
  attends,
  findSeats,
  handedOff,
  seatHandoffKey,
  seatNumberOfKey,
  type SeatRow,
} from '../orders/seats';
import {
  buildHandoffPayload,
  type HandoffBatch,
  type HandoffKind,
  type HandoffPayload,
  type SeatHolder,
} from './portal-payload';

export interface PortalSettings {
  webhookUrl: string;
  webhookSecret: string;
  timeoutMs?: number;
}

export function signHandoff(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

async function insertHandoff(
  db: Db,
  order: OrderRow,
  kind: HandoffKind,
  dedupeKey: string,
  movedFrom?: HandoffBatch,
  holder?: SeatHolder,
): Promise<string[]> {
  const id = randomUUID();
  const [row] = await db
    .insert(portalHandoffs)
    .values({
      id,
      orderId: order.id,
      kind,
      dedupeKey,
      payload: buildHandoffPayload(id, kind, order, new Date(), movedFrom, holder),
    })
    .onConflictDoNothing()
    .returning({ id: portalHandoffs.id });
  if (row) await enqueue(db, HANDOFF_JOB, {}, { key: row.id });
  return row ? [row.id] : [];
}

/** A seat's holder as the seat row names them now. */
function holderOfSeat(order: OrderRow, seat: SeatRow): SeatHolder | undefined {
  const attendee = attendeeOf(seat);
  if (!attendee) return undefined;
  return { student: attendee, seat: { number: seat.number, of: order.seatCount } };
}

/**
 * The people of a company order the portal holds now (enrolled and not
 * taken back), each with its key and the student its enrolment named, so
 * a revocation or move names the same person however the seat changed.
 */
async function heldAtPortal(db: Db, orderId: string, seatNumber?: number) {
  const people = await handedOff(db, orderId);
  const held = [...people.entries()].filter(
    ([key, person]) =>
      key !== '' &&
      person.created &&
      !person.revoked &&
      (seatNumber === undefined || seatNumberOfKey(key) === seatNumber),
  );
  if (held.length === 0) return [];
  const enrolments = await db
    .select({ key: portalHandoffs.dedupeKey, payload: portalHandoffs.payload })
    .from(portalHandoffs)
    .where(
      and(
        eq(portalHandoffs.orderId, orderId),
        eq(portalHandoffs.kind, 'enrollment.created'),
        inArray(
          portalHandoffs.dedupeKey,
          held.map(([key]) => key),
        ),
      ),
    );
  return enrolments.map(({ key, payload }) => {
    const { student, seat } = payload as HandoffPayload;
    return { key, holder: { student, seat: seat! } satisfies SeatHolder };
  });
}

async function all(writes: Promise<string[]>[]): Promise<string[]> {
  return (await Promise.all(writes)).flat();
}

/** The job that delivers one message; its key is the message's id. */
export const HANDOFF_JOB = 'handoff';

/** How soon a message waiting behind an earlier one of its order looks again. */
const BEHIND_SECONDS = 30;

export class HandoffDeliverer extends QueuedDelivery implements PortalHandoffs {
  constructor(
    private readonly db: Db,
    private readonly settings: PortalSettings,
    private readonly log: FastifyBaseLogger,
    queue = new JobQueue(db, log),
  ) {
    super(queue, HANDOFF_JOB);
    queue.handle(HANDOFF_JOB, { leaseSeconds: 120, run: (job) => this.deliver(job.key) });
  }

  /**
   * A single-seat order's buyer: one message per kind (key ''). A company
   * order's people: each named, active seat's holder enrolled, or each
   * person the portal holds taken back, one message per seat and holder.
   */
  async enqueue(
    tx: Db,
    order: OrderRow,
    kind: Exclude<HandoffKind, 'enrollment.moved'>,
  ): Promise<string[]> {
    if (!order.groupOrder) return insertHandoff(tx, order, kind, '');
    if (kind === 'enrollment.revoked') {
      const held = await heldAtPortal(tx, order.id);
      return all(
        held.map(({ key, holder }) => insertHandoff(tx, order, kind, key, undefined, holder)),
      );
    }
    const seats = (await findSeats(tx, order.id)).filter(attends);
    return all(seats.map((seat) => this.enqueueSeat(tx, order, seat)));
  }

  enqueueSeat(tx: Db, order: OrderRow, seat: SeatRow): Promise<string[]> {
    const holder = holderOfSeat(order, seat);
    if (!holder || seat.state !== 'active') return Promise.resolve([]);
    const key = seatHandoffKey(seat);
    return insertHandoff(tx, order, 'enrollment.created', key, undefined, holder);
  }

  async revokeSeat(tx: Db, order: OrderRow, seatNumber: number): Promise<string[]> {
    const held = await heldAtPortal(tx, order.id, seatNumber);
    return all(
      held.map(({ key, holder }) =>
        insertHandoff(tx, order, 'enrollment.revoked', key, undefined, holder),
      ),
    );
  }

  /**
   * Tells the portal the order's people moved from `from` to its batch.
   * Each move is a message of its own, written once per `moveKey` (the
   * request's key) and person, so a second move is told too and a repeated
   * request is not.
   */
  async enqueueMove(
    tx: Db,
    order: OrderRow,
    from: HandoffBatch,
    moveKey: string,
  ): Promise<string[]> {
    if (!order.groupOrder) return insertHandoff(tx, order, 'enrollment.moved', moveKey, from);
    const held = await heldAtPortal(tx, order.id);
    return all(
      held.map(({ holder }) =>
        insertHandoff(
          tx,
          order,
          'enrollment.moved',
          `${moveKey}:seat-${holder.seat.number}`,
          from,
          holder,
        ),
      ),
    );
  }

  /** Makes the order's waiting messages due now; answers their ids, oldest first. */
  async dueNow(tx: Db, orderId: string): Promise<string[]> {
    const waiting = await tx
      .select({ id: portalHandoffs.id })
      .from(portalHandoffs)
      .where(and(eq(portalHandoffs.orderId, orderId), isNull(portalHandoffs.deliveredAt)))
      .orderBy(asc(portalHandoffs.createdAt));
    const ids = waiting.map((each) => each.id);
    if (ids.length > 0)
      await tx
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(and(eq(jobs.kind, HANDOFF_JOB), inArray(jobs.key, ids), isNull(jobs.doneAt)));
    return ids;
  }

  private async deliver(id: string): Promise<JobOutcome> {
    const [handoff] = await this.db.select().from(portalHandoffs).where(eq(portalHandoffs.id, id));
    if (!handoff || handoff.deliveredAt) return;
    // One order's messages reach the portal in the order they were written: a move
    // or a revocation never overtakes an enrolment the portal has not acknowledged.
    const [earlier] = await this.db
      .select({ id: portalHandoffs.id })
      .from(portalHandoffs)
      .where(
        and(
          eq(portalHandoffs.orderId, handoff.orderId),
          isNull(portalHandoffs.deliveredAt),
          lt(portalHandoffs.createdAt, handoff.createdAt),
        ),
      )
      .limit(1);
    if (earlier) return { again: new Date(Date.now() + BEHIND_SECONDS * 1000) };
    const error = await this.send(handoff);
    if (error !== null) throw new Error(error);
    // The next message waiting behind this one goes at once.
    const [next] = await this.dueNow(this.db, handoff.orderId);
    if (next) await this.deliverNow(next);
  }

  /** Posts the message and records the attempt; answers the error, or null once acknowledged. */
  private async send(handoff: typeof portalHandoffs.$inferSelect): Promise<string | null> {
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
    await this.db
      .update(portalHandoffs)
      .set(
        error === null
          ? { deliveredAt: sql`now()`, attempts, lastError: null }
          : { attempts, lastError: error },
      )
      .where(eq(portalHandoffs.id, handoff.id));
    if (error === null)
      this.log.info(
        { handoff: handoff.id, order: handoff.orderId, kind: handoff.kind },
        'hand-off delivered',
      );
    else
      this.log.error(
        { handoff: handoff.id, order: handoff.orderId, attempts, error },
        'hand-off not acknowledged; will retry',
      );
    return error;
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
