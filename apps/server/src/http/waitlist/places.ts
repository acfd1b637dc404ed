/**
 * The buyer's waitlist: joining a full batch's line, reading one's places,
 * leaving, and opening an offer from its link. Every address is the verified
 * token's; one active place per address per batch is a unique index. It sits
 * above orders/, which it asks whether the address has paid or holds an order.
 */
import type {
  WaitlistClaimResponse,
  WaitlistJoinResponse,
  WaitlistLeaveResponse,
  WaitlistPlace,
} from '@wifi7/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { batches, orders, waitlistPlaces, workshops } from '../../db/schema';
import { offerFreeSeats, offerTokenHash, releaseSeats } from '../../inventory/seats';
import { findActivePlace, placeView } from '../../inventory/waitlist/places';
import { HttpError } from '../../lib/http-error';
import type { Identity } from '../../core/identity/firebase-verifier';
import { AlreadyPurchasedError } from '../../orders/errors';
import { findPaidOrder } from '../../orders/repository';

/** The verified token's account; its address is lower-case. */
type Caller = Pick<Identity, 'uid' | 'email'>;

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
