/**
 * A buyer's places in the waitlists: joining a full batch's line, reading
 * one's places, leaving, opening an offer from its link, and (for placing
 * an order) using the seat an offer holds. Every address is the verified
 * token's; one active place per address per batch is a unique index.
 */
import {
  ACTIVE_WAITLIST_STATES,
  type WaitlistClaimResponse,
  type WaitlistJoinResponse,
  type WaitlistLeaveResponse,
  type WaitlistPlace,
} from '@wifi7/contract';
import { and, count, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { batches, orders, waitlistPlaces, workshops } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { AlreadyPurchasedError, isUniqueViolation } from '../../orders/errors';
import { findPaidOrder } from '../../orders/repository';
import { offerFreeSeats, offerTokenHash, releaseSeats } from '../seats';

export type PlaceRow = typeof waitlistPlaces.$inferSelect;

const active = inArray(waitlistPlaces.state, [...ACTIVE_WAITLIST_STATES]);

/** Who is before a waiting place in its line, plus one. */
export async function positionOf(db: Db, place: PlaceRow): Promise<number | null> {
  if (place.state !== 'waiting') return null;
  const [ahead] = await db
    .select({ value: count() })
    .from(waitlistPlaces)
    .where(
      and(
        eq(waitlistPlaces.batchId, place.batchId),
        eq(waitlistPlaces.state, 'waiting'),
        or(
          lt(waitlistPlaces.joinedAt, place.joinedAt),
          and(eq(waitlistPlaces.joinedAt, place.joinedAt), lt(waitlistPlaces.id, place.id)),
        ),
      ),
    );
  return (ahead?.value ?? 0) + 1;
}

export async function placeView(db: Db, place: PlaceRow): Promise<WaitlistPlace> {
  return {
    batchId: place.batchId,
    state: place.state,
    position: await positionOf(db, place),
    offerExpiresAt:
      place.state === 'offered' ? (place.offerExpiresAt?.toISOString() ?? null) : null,
  };
}

function findActivePlace(db: Db, email: string, batchId: string, lock = false) {
  const query = db
    .select()
    .from(waitlistPlaces)
    .where(and(eq(waitlistPlaces.batchId, batchId), eq(waitlistPlaces.email, email), active));
  return (lock ? query.for('update') : query).then((rows) => rows[0]);
}

export interface Caller {
  uid: string;
  /** Lower-case, from the verified token. */
  email: string;
}

export class WaitlistPlaces {
  constructor(private readonly db: Database) {}

  async join(caller: Caller, batchId: string): Promise<WaitlistJoinResponse> {
    try {
      return await this.db.transaction((tx) => this.joinOnce(tx, caller, batchId));
    } catch (error) {
      // Two joins by one address raced past the check: the index kept one place.
      if (!isUniqueViolation(error, 'waitlist_places_one_active')) throw error;
      const place = await findActivePlace(this.db, caller.email, batchId);
      if (!place) throw error;
      return { outcome: 'already', place: await placeView(this.db, place) };
    }
  }

  private async joinOnce(tx: Db, caller: Caller, batchId: string): Promise<WaitlistJoinResponse> {
    const [batch] = await tx
      .select({ batch: batches, workshopActive: workshops.active })
      .from(batches)
      .innerJoin(workshops, eq(workshops.sku, batches.workshopSku))
      .where(eq(batches.id, batchId))
      .for('update', { of: batches });
    if (!batch || !batch.workshopActive) throw new HttpError(404, 'There is no such batch.');
    if (batch.batch.status !== 'open')
      throw new HttpError(409, 'Registration for this batch is closed, so it has no waitlist.');

    const existing = await findActivePlace(tx, caller.email, batchId);
    if (existing) return { outcome: 'already', place: await placeView(tx, existing) };
    if (await findPaidOrder(tx, caller.email, batch.batch.workshopSku))
      throw new AlreadyPurchasedError();
    const [openOrder] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.email, caller.email),
          eq(orders.batchId, batchId),
          inArray(orders.status, ['pending', 'awaiting_payment']),
        ),
      );
    if (openOrder)
      throw new HttpError(
        409,
        'You already hold a seat in this batch: your order is waiting for payment.',
      );

    const free = batch.batch.seatCapacity - batch.batch.seatsTaken;
    if (free > 0) {
      const [waiting] = await tx
        .select({ value: count() })
        .from(waitlistPlaces)
        .where(and(eq(waitlistPlaces.batchId, batchId), eq(waitlistPlaces.state, 'waiting')));
      // Nobody is ahead for the free seat: buy it.
      if ((waiting?.value ?? 0) === 0) return { outcome: 'seat_free', place: null };
    }
    const [inserted] = await tx
      .insert(waitlistPlaces)
      .values({ batchId, email: caller.email, firebaseUid: caller.uid })
      .returning();
    // A free seat others were waiting for is handed out now, in line order.
    if (free > 0) await offerFreeSeats(tx, batchId);
    const [place] = await tx
      .select()
      .from(waitlistPlaces)
      .where(eq(waitlistPlaces.id, inserted!.id));
    return { outcome: 'joined', place: await placeView(tx, place!) };
  }

  /** The caller's latest place in each batch, newest first. */
  async mine(caller: Caller): Promise<WaitlistPlace[]> {
    const rows = await this.db
      .selectDistinctOn([waitlistPlaces.batchId])
      .from(waitlistPlaces)
      .where(eq(waitlistPlaces.email, caller.email))
      .orderBy(waitlistPlaces.batchId, desc(waitlistPlaces.id));
    rows.sort((a, b) => b.id - a.id);
    return Promise.all(rows.map((row) => placeView(this.db, row)));
  }

  async leave(caller: Caller, batchId: string): Promise<WaitlistLeaveResponse> {
    return this.db.transaction(async (tx) => {
      const place = await findActivePlace(tx, caller.email, batchId, true);
      if (!place) return { outcome: 'not_in_line', place: null };
      const [left] = await tx
        .update(waitlistPlaces)
        .set({ state: 'left', updatedAt: sql`now()` })
        .where(eq(waitlistPlaces.id, place.id))
        .returning();
      // The seat held for them goes to the next in line, or back to everyone.
      if (place.state === 'offered') await releaseSeats(tx, batchId, 1);
      return { outcome: 'left', place: await placeView(tx, left!) };
    });
  }

  /** What an offer link leads to, for the signed-in caller; changes nothing. */
  async claim(caller: Caller, token: string): Promise<WaitlistClaimResponse> {
    const none = { productSku: null, productName: null, batchId: null, offerExpiresAt: null };
    const [found] = await this.db
      .select({ place: waitlistPlaces, productSku: workshops.sku, productName: workshops.name })
      .from(waitlistPlaces)
      .innerJoin(batches, eq(batches.id, waitlistPlaces.batchId))
      .innerJoin(workshops, eq(workshops.sku, batches.workshopSku))
      .where(eq(waitlistPlaces.offerTokenHash, offerTokenHash(token)));
    if (!found) return { outcome: 'unknown', ...none };
    // Another address's link says nothing about it.
    if (found.place.email !== caller.email) return { outcome: 'not_yours', ...none };
    const { place } = found;
    const about = {
      productSku: found.productSku,
      productName: found.productName,
      batchId: place.batchId,
    };
    if (place.state === 'converted') return { outcome: 'used', ...about, offerExpiresAt: null };
    if (place.state === 'offered' && place.offerExpiresAt && place.offerExpiresAt > new Date())
      return { outcome: 'ready', ...about, offerExpiresAt: place.offerExpiresAt.toISOString() };
    return { outcome: 'expired', ...about, offerExpiresAt: null };
  }
}

/**
 * The buyer's live offer for the batch, locked for the placing transaction
 * (so the job cannot pass it on meanwhile); none once it has run out.
 */
export async function lockLiveOffer(
  db: Db,
  email: string,
  batchId: string,
): Promise<PlaceRow | undefined> {
  const [place] = await db
    .select()
    .from(waitlistPlaces)
    .where(
      and(
        eq(waitlistPlaces.batchId, batchId),
        eq(waitlistPlaces.email, email),
        eq(waitlistPlaces.state, 'offered'),
        gt(waitlistPlaces.offerExpiresAt, sql`now()`),
      ),
    )
    .for('update');
  return place;
}

/**
 * An order was placed for the batch: the buyer's live offer (whose seat the
 * order now holds) or waiting place is done with. An offer that ran out is
 * left to the job, which passes its seat on.
 */
export async function convertPlace(
  db: Db,
  email: string,
  batchId: string,
  orderId: string,
): Promise<void> {
  await db
    .update(waitlistPlaces)
    .set({ state: 'converted', orderId, updatedAt: sql`now()` })
    .where(
      and(
        eq(waitlistPlaces.batchId, batchId),
        eq(waitlistPlaces.email, email),
        or(
          eq(waitlistPlaces.state, 'waiting'),
          and(eq(waitlistPlaces.state, 'offered'), gt(waitlistPlaces.offerExpiresAt, sql`now()`)),
        ),
      ),
    );
}
