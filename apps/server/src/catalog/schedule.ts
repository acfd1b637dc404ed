/**
 * The public schedule: every open batch of every active workshop, full ones
 * too, with its sessions as instants and how many seats are left when few
 * are. No personal data, so the answer may be cached by anyone.
 */
import { FEW_SEATS_LEFT, type ScheduledSession, type ScheduleResponse } from '@wifi7/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { batches, workshops } from '../db/schema';
import { type Session, sessionsOf } from '../core/time/pacific-time';

/** Active workshops (even those with no open batch) and their open batches, in date order. */
export async function readSchedule(db: Db): Promise<ScheduleResponse> {
  const rows = await db
    .select({
      sku: workshops.sku,
      name: workshops.name,
      batchId: batches.id,
      description: batches.description,
      sessionStarts: batches.sessionStarts,
      sessionMinutes: batches.sessionMinutes,
      seatCapacity: batches.seatCapacity,
      seatsTaken: batches.seatsTaken,
    })
    .from(workshops)
    .leftJoin(batches, and(eq(batches.workshopSku, workshops.sku), eq(batches.status, 'open')))
    .where(eq(workshops.active, true))
    .orderBy(asc(workshops.position), asc(workshops.sku), asc(batches.startsOn), asc(batches.id));

  const bySku = new Map<string, ScheduleResponse['workshops'][number]>();
  for (const row of rows) {
    let workshop = bySku.get(row.sku);
    if (!workshop) {
      workshop = { productSku: row.sku, productName: row.name, batches: [] };
      bySku.set(row.sku, workshop);
    }
    if (row.batchId === null) continue;
    const seatCapacity = row.seatCapacity ?? 0;
    const left = Math.max(0, seatCapacity - (row.seatsTaken ?? 0));
    workshop.batches.push({
      batchId: row.batchId,
      batchDescription: row.description ?? '',
      sessions: scheduledSessions(row.sessionStarts ?? [], row.sessionMinutes ?? 0),
      full: left === 0,
      seatsLeft: left <= FEW_SEATS_LEFT ? left : null,
    });
  }
  return { workshops: [...bySku.values()] };
}

export interface AvailableWorkshop {
  productSku: string;
  productName: string;
  batchDetails: { batchId: string; batchDescription: string }[];
}

/** The checkout's workshop list: the schedule's workshops with the batches not full. */
export function availableWorkshopsOf(schedule: ScheduleResponse): AvailableWorkshop[] {
  return schedule.workshops.map((workshop) => ({
    productSku: workshop.productSku,
    productName: workshop.productName,
    batchDetails: workshop.batches
      .filter((batch) => !batch.full)
      .map(({ batchId, batchDescription }) => ({ batchId, batchDescription })),
  }));
}

/**
 * A batch's sessions as instants, or none when one cannot be read: the
 * seller's forms refuse such times, and one bad batch must not take the
 * whole schedule down.
 */
function readableSessions(starts: readonly string[], minutes: number): Session[] {
  try {
    return sessionsOf(starts, minutes);
  } catch {
    return [];
  }
}

export function scheduledSessions(starts: readonly string[], minutes: number): ScheduledSession[] {
  return readableSessions(starts, minutes).map((session) => ({
    number: session.number,
    startsAt: session.start.toISOString(),
    endsAt: session.end.toISOString(),
  }));
}

export interface BatchCalendarSource {
  productName: string;
  batchId: string;
  sessions: Session[];
  /** The batch's last change: the calendar's DTSTAMP, so the same batch gives the same file. */
  updatedAt: Date;
}

/**
 * What a batch's public calendar file is made from: any batch with its
 * sessions, open or closed, of a workshop still sold or not — closing
 * registration (or retiring the workshop) does not cancel the sessions its
 * buyers attend, and the link in their e-mail must keep working.
 */
export async function findBatchCalendar(
  db: Db,
  batchId: string,
): Promise<BatchCalendarSource | undefined> {
  const [row] = await db
    .select({
      productName: workshops.name,
      batchId: batches.id,
      sessionStarts: batches.sessionStarts,
      sessionMinutes: batches.sessionMinutes,
      updatedAt: batches.updatedAt,
    })
    .from(batches)
    .innerJoin(workshops, eq(workshops.sku, batches.workshopSku))
    .where(eq(batches.id, batchId));
  if (!row) return undefined;
  return {
    productName: row.productName,
    batchId: row.batchId,
    sessions: readableSessions(row.sessionStarts, row.sessionMinutes),
    updatedAt: row.updatedAt,
  };
}
