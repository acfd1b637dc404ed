/**
 * The waitlist's part of each background pass, safe on any number of
 * instances: offers past their hold are claimed with SKIP LOCKED, marked
 * expired and their seats passed to the next in line (or released); then
 * any free seat of an open batch with people waiting is offered (a
 * catch-all, e.g. after a catalog load or a seat freed where offers could
 * not be written). Both lock the batch row before handing out a seat.
 */
import { and, eq, exists, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { batches, waitlistPlaces } from '../../db/schema';
import { offerFreeSeats, releaseSeats } from '../seats';

export class WaitlistJobs {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One pass; answers how many offers ran out and how many were made. */
  async runDue(limit = 50): Promise<{ expired: number; offered: number }> {
    const expired = await this.expireOffers(limit);
    const offered = await this.offerFreeSeatsEverywhere();
    if (expired > 0 || offered > 0) this.log.info({ expired, offered }, 'waitlist offers moved on');
    return { expired, offered };
  }

  /** Offers whose hold ran out: expired, each seat passed on. */
  async expireOffers(limit: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: waitlistPlaces.id, batchId: waitlistPlaces.batchId })
        .from(waitlistPlaces)
        .where(
          and(eq(waitlistPlaces.state, 'offered'), lte(waitlistPlaces.offerExpiresAt, sql`now()`)),
        )
        .orderBy(waitlistPlaces.offerExpiresAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const perBatch = new Map<string, number>();
      for (const place of due) {
        await tx
          .update(waitlistPlaces)
          .set({ state: 'expired', updatedAt: sql`now()` })
          .where(eq(waitlistPlaces.id, place.id));
        perBatch.set(place.batchId, (perBatch.get(place.batchId) ?? 0) + 1);
      }
      // In a fixed order, so two passes lock batches alike.
      for (const batchId of [...perBatch.keys()].sort())
        await releaseSeats(tx, batchId, perBatch.get(batchId)!);
      return due.length;
    });
  }

  /** Every open batch with a free seat and someone waiting: the seats are offered. */
  async offerFreeSeatsEverywhere(): Promise<number> {
    const candidates = await this.db
      .select({ id: batches.id })
      .from(batches)
      .where(
        and(
          eq(batches.status, 'open'),
          lt(batches.seatsTaken, batches.seatCapacity),
          exists(
            this.db
              .select({ one: sql`1` })
              .from(waitlistPlaces)
              .where(
                and(eq(waitlistPlaces.batchId, batches.id), eq(waitlistPlaces.state, 'waiting')),
              ),
          ),
        ),
      )
      .orderBy(batches.id);
    let offered = 0;
    for (const batch of candidates) {
      offered += await this.db.transaction((tx) => offerFreeSeats(tx, batch.id));
    }
    return offered;
  }
}
