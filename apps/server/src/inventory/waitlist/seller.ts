/**
 * The back office's view of the waitlists: every batch with how many wait
 * and how many hold an offer, one batch's places in line order (sellers see
 * the addresses), and taking a place off the line. A removal is audited in
 * its own transaction under the seller's idempotency key, like the other
 * seller actions: a repeated request is answered from the key's stored answer.
 */
import type {
  SellerWaitlistBatches,
  SellerWaitlistPage,
  SellerWaitlistPlace,
  WaitlistState,
} from '@wifi7/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { batches, waitlistPlaces } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { recordSellerAction } from '../../core/audit';
import { storeAnswer, storedAnswer, type KeyedRequest } from '../../core/request-keys';
import { positionOf, type PlaceRow } from './places';
import { releaseSeats } from '../seats';

const REMOVE_ACTION = 'waitlist.remove';

function sellerPlace(place: PlaceRow, position: number | null): SellerWaitlistPlace {
  return {
    id: place.id,
    email: place.email,
    state: place.state,
    position,
    joinedAt: place.joinedAt.toISOString(),
    offeredAt: place.offeredAt?.toISOString() ?? null,
    offerExpiresAt: place.offerExpiresAt?.toISOString() ?? null,
    offers: place.offers,
    orderId: place.orderId,
  };
}

export async function listWaitlistBatches(db: Database): Promise<SellerWaitlistBatches> {
  const counts = db
    .select({
      batchId: waitlistPlaces.batchId,
      waiting: sql<number>`(count(*) filter (where ${waitlistPlaces.state} = 'waiting'))::int`.as(
        'waiting',
      ),
      offered: sql<number>`(count(*) filter (where ${waitlistPlaces.state} = 'offered'))::int`.as(
        'offered',
      ),
    })
    .from(waitlistPlaces)
    .groupBy(waitlistPlaces.batchId)
    .as('waitlist_counts');
  const rows = await db
    .select({ batch: batches, waiting: counts.waiting, offered: counts.offered })
    .from(batches)
    .leftJoin(counts, eq(counts.batchId, batches.id))
    .orderBy(asc(batches.startsOn), asc(batches.id));
  return {
    batches: rows.map(({ batch, waiting, offered }) => ({
      batchId: batch.id,
      batchDescription: batch.description,
      seatCapacity: batch.seatCapacity,
      seatsTaken: batch.seatsTaken,
      waiting: waiting ?? 0,
      offered: offered ?? 0,
    })),
  };
}

/** One batch's places: offers first, then those waiting in line order, then the rest, newest first. */
export async function waitlistPage(
  db: Database,
  batchId: string,
  query: { page: number; pageSize: number; state?: WaitlistState },
): Promise<SellerWaitlistPage> {
  const [batch] = await db.select({ id: batches.id }).from(batches).where(eq(batches.id, batchId));
  if (!batch) throw new HttpError(404, 'There is no such batch.');
  const rank = sql`case ${waitlistPlaces.state} when 'offered' then 0 when 'waiting' then 1 else 2 end`;
  const where = and(
    eq(waitlistPlaces.batchId, batchId),
    query.state ? eq(waitlistPlaces.state, query.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        place: waitlistPlaces,
        // Numbered before paging, over every waiting place of the batch.
        position: sql<number | null>`case when ${waitlistPlaces.state} = 'waiting'
          then (row_number() over (partition by ${waitlistPlaces.state} = 'waiting'
                order by ${waitlistPlaces.joinedAt}, ${waitlistPlaces.id}))::int end`,
      })
      .from(waitlistPlaces)
      .where(where)
      .orderBy(
        rank,
        sql`case when ${waitlistPlaces.state} = 'offered' then ${waitlistPlaces.offeredAt} end`,
        sql`case when ${waitlistPlaces.state} = 'waiting' then ${waitlistPlaces.joinedAt} end`,
        desc(waitlistPlaces.updatedAt),
        asc(waitlistPlaces.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(waitlistPlaces).where(where),
  ]);
  return {
    items: rows.map(({ place, position }) => sellerPlace(place, position)),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}

export interface RemoveRequest {
  idempotencyKey: string;
  note?: string;
}

/** Takes a place off its line; an offer's held seat passes to the next in line. */
export async function removePlace(
  db: Database,
  seller: string,
  placeId: number,
  request: RemoveRequest,
): Promise<{ message: string; place: SellerWaitlistPlace }> {
  return db.transaction(async (tx) => {
    const [place] = await tx
      .select()
      .from(waitlistPlaces)
      .where(eq(waitlistPlaces.id, placeId))
      .for('update');
    if (!place) throw new HttpError(404, 'There is no such place in a waitlist.');
    const keyed = { ...removal(placeId, request.idempotencyKey), actorEmail: seller };
    const answered = await storedAnswer(tx, keyed);
    if (answered)
      return { message: answered.message, place: sellerPlace(place, await positionOf(tx, place)) };
    if (place.state !== 'waiting' && place.state !== 'offered')
      throw new HttpError(409, `This place is no longer in line: it is ${place.state}.`);

    const [removed] = await tx
      .update(waitlistPlaces)
      .set({ state: 'removed', updatedAt: sql`now()` })
      .where(eq(waitlistPlaces.id, placeId))
      .returning();
    if (place.state === 'offered') await releaseSeats(tx, place.batchId, 1);
    const message =
      `${place.email} is off the waitlist of ${place.batchId}.` +
      (place.state === 'offered'
        ? ' The seat held for them goes to the next in line, or back on sale.'
        : '');
    const auditId = await recordSellerAction(tx, {
      sellerEmail: seller,
      action: REMOVE_ACTION,
      targetType: 'waitlist-place',
      targetId: String(placeId),
      before: { batchId: place.batchId, email: place.email, state: place.state },
      after: { state: 'removed', message, requestKey: request.idempotencyKey },
      note: request.note ?? null,
    });
    await storeAnswer(tx, keyed, { message }, auditId);
    return { message, place: sellerPlace(removed!, null) };
  });
}

/** What a removal's key stands for. */
function removal(placeId: number, key: string): KeyedRequest {
  return { scope: 'waitlist-remove', key, action: REMOVE_ACTION, targetId: String(placeId) };
}
