/**
 * Where a freed seat goes. Every path that gives a seat back (an order
 * expired, cancelled, refunded, replaced or moved; an offer run out, left or
 * removed) calls `releaseSeats` in its own transaction, and the seller's
 * capacity change calls `offerFreeSeats`: while someone waits for the batch,
 * the seat is not released but held for the first in line (state
 * `offered`, for WAITLIST_OFFER_HOURS, a new link e-mailed through the
 * outbox in the same transaction). A held seat counts in
 * `batches.seats_taken`, so the batch stays full for everyone else.
 *
 * The batch row is locked first, so two instances freeing seats of one
 * batch at once offer each seat to one person.
 */
import { createHash, randomBytes } from 'node:crypto';
import { WAITLIST_OFFER_HOURS } from '@wifi7/contract';
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { batches, orders, waitlistPlaces, workshops } from '../db/schema';
import { enqueueMail } from '../core/mail/outbox';
import { renderOfferMail } from './waitlist/offer-mail';

export interface OfferSettings {
  /** The site's address; the offer link starts with it. */
  siteUrl: string;
}

/**
 * Set once at start from the configuration (the site's address is needed to
 * write an offer's link). Where it is not set — a command-line tool without
 * the site's configuration — a freed seat is released as before and the
 * next job pass on a server offers it (`WaitlistJobs.offerFreeSeatsEverywhere`).
 */
let offerSettings: OfferSettings | undefined;

export function configureWaitlistOffers(settings: OfferSettings): void {
  offerSettings = settings;
}

export const offerTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const offerMailKey = (placeId: number, offer: number) =>
  `waitlist-offer:${placeId}:${offer}`;

/** Gives `count` seats of the batch back, each to the next in line while anyone waits. */
export async function releaseSeats(db: Db, batchId: string, count: number): Promise<void> {
  if (count > 0) {
    await db
      .update(batches)
      .set({
        seatsTaken: sql`greatest(${batches.seatsTaken} - ${count}, 0)`,
        updatedAt: sql`now()`,
      })
      .where(eq(batches.id, batchId));
  }
  await offerFreeSeats(db, batchId);
}

/**
 * Holds every free seat of an open batch for the first in line, as many as
 * wait; answers how many offers were made.
 */
export async function offerFreeSeats(db: Db, batchId: string): Promise<number> {
  const settings = offerSettings;
  if (!settings) return 0;
  const [batch] = await db
    .select({
      id: batches.id,
      status: batches.status,
      seatCapacity: batches.seatCapacity,
      seatsTaken: batches.seatsTaken,
      workshopSku: batches.workshopSku,
      description: batches.description,
      productName: workshops.name,
    })
    .from(batches)
    .innerJoin(workshops, eq(workshops.sku, batches.workshopSku))
    .where(eq(batches.id, batchId))
    .for('update', { of: batches });
  if (!batch || batch.status !== 'open') return 0;
  const free = batch.seatCapacity - batch.seatsTaken;
  if (free <= 0) return 0;
  const next = await db
    .select({ id: waitlistPlaces.id, email: waitlistPlaces.email })
    .from(waitlistPlaces)
    .where(
      and(
        eq(waitlistPlaces.batchId, batchId),
        eq(waitlistPlaces.state, 'waiting'),
        // Someone who bought the workshop meanwhile (another batch) could not use the seat.
        notExists(
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(
              and(
                eq(orders.email, waitlistPlaces.email),
                eq(orders.workshopSku, batch.workshopSku),
                eq(orders.status, 'paid'),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(waitlistPlaces.joinedAt), asc(waitlistPlaces.id))
    .limit(free)
    .for('update');
  for (const place of next) {
    await db
      .update(batches)
      .set({ seatsTaken: sql`${batches.seatsTaken} + 1`, updatedAt: sql`now()` })
      .where(eq(batches.id, batchId));
    const token = randomBytes(32).toString('base64url');
    const [offered] = await db
      .update(waitlistPlaces)
      .set({
        state: 'offered',
        offeredAt: sql`now()`,
        offerExpiresAt: sql`now() + ${WAITLIST_OFFER_HOURS} * interval '1 hour'`,
        offerTokenHash: offerTokenHash(token),
        offers: sql`${waitlistPlaces.offers} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(waitlistPlaces.id, place.id))
      .returning();
    await enqueueMail(db, {
      kind: 'waitlist-offer',
      dedupeKey: offerMailKey(place.id, offered!.offers),
      to: [place.email],
      ...renderOfferMail({
        productName: batch.productName,
        batchDescription: batch.description,
        token,
        offerExpiresAt: offered!.offerExpiresAt!,
        siteUrl: settings.siteUrl,
      }),
    });
  }
  return next.length;
}
