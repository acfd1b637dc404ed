/**
 * The batches the enroll card offers, with what the public schedule adds to
 * them (beyond the spec): their sessions, whether they are full, and the
 * seats left when few remain.
 *
 * Signed in, the spec's workshop list is the source of the open batches and
 * stays untouched; it leaves full batches out, so those are merged in from
 * the schedule (marked full), in the schedule's date order, so a full batch
 * can be waited for. Without any full batch the list is exactly the spec's.
 */
import type { Batch, ScheduledBatch, ScheduledSession, ScheduleResponse } from '@wifi7/contract';

export interface BatchOption {
  batchId: string;
  batchDescription: string;
  /** Every seat is taken: it cannot be bought now. */
  full: boolean;
  /** Seats left when few remain (see `FEW_SEATS_LEFT`), else null. */
  seatsLeft: number | null;
  /** The sessions as instants; empty when the schedule does not know them. */
  sessions: readonly ScheduledSession[];
}

type ScheduledWorkshop = ScheduleResponse['workshops'][number];

/** The schedule's entry for a product, or its first workshop (spec: only the first is offered). */
export function scheduledWorkshop(
  schedule: ScheduleResponse | undefined,
  productSku?: string,
): ScheduledWorkshop | undefined {
  if (!schedule) return undefined;
  return productSku === undefined
    ? schedule.workshops[0]
    : schedule.workshops.find((workshop) => workshop.productSku === productSku);
}

export function optionFromSchedule(batch: ScheduledBatch): BatchOption {
  return {
    batchId: batch.batchId,
    batchDescription: batch.batchDescription,
    full: batch.full,
    seatsLeft: batch.full ? 0 : batch.seatsLeft,
    sessions: batch.sessions,
  };
}

/** The open batches of the spec's list, with the full ones of the schedule merged in. */
export function batchOptions(
  offered: readonly Batch[],
  scheduled: readonly ScheduledBatch[] | undefined,
): BatchOption[] {
  const byId = new Map((scheduled ?? []).map((batch) => [batch.batchId, batch]));
  const offeredIds = new Set(offered.map((batch) => batch.batchId));
  const open = (batch: Batch): BatchOption => {
    const known = byId.get(batch.batchId);
    return {
      batchId: batch.batchId,
      batchDescription: batch.batchDescription,
      // The spec's list offers it, so it can be bought.
      full: false,
      seatsLeft: known && !known.full ? known.seatsLeft : null,
      sessions: known?.sessions ?? [],
    };
  };

  const fullOnes = (scheduled ?? []).filter(
    (batch) => batch.full && !offeredIds.has(batch.batchId),
  );
  if (fullOnes.length === 0) return offered.map(open);

  const offeredById = new Map(offered.map((batch) => [batch.batchId, batch]));
  const merged: BatchOption[] = [];
  for (const batch of scheduled ?? []) {
    const listed = offeredById.get(batch.batchId);
    if (listed) merged.push(open(listed));
    else if (batch.full) merged.push(optionFromSchedule(batch));
  }
  for (const batch of offered) if (!byId.has(batch.batchId)) merged.push(open(batch));
  return merged;
}

/** "3 seats left", "1 seat left", "Full — waitlist open", or '' when plenty remain. */
export function seatsText(option: Pick<BatchOption, 'full' | 'seatsLeft'>): string {
  if (option.full) return 'Full — waitlist open';
  if (option.seatsLeft === null) return '';
  return `${option.seatsLeft} ${option.seatsLeft === 1 ? 'seat' : 'seats'} left`;
}
