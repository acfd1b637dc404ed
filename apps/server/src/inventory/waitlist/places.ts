/**
 * A place in a batch's waitlist: where it stands, how the buyer sees it, and
 * (for placing an order) using the seat an offer holds. The buyer's own
 * commands on it live with its routes (http/waitlist/places.ts).
 */
import { ACTIVE_WAITLIST_STATES, type WaitlistPlace } from '@wifi7/contract';
import { and, count, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waitlistPlaces } from '../../db/schema';

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

export function findActivePlace(db: Db, email: string, batchId: string, lock = false) {
  const query = db
    .select()
    .from(waitlistPlaces)
    .where(and(eq(waitlistPlaces.batchId, batchId), eq(waitlistPlaces.email, email), active));
  return (lock ? query.for('update') : query).then((rows) => rows[0]);
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
