/**
 * The batches the cart's items are in, for the order summaries of the
 * checkout steps: the signed-in workshop list, and the public schedule's
 * full batches when an item is in none of the listed ones (a seat held
 * from the waitlist is in a full batch, which the signed-in list leaves out).
 */
import type { Batch, CartItem } from '@wifi7/contract';
import { useOfferedWorkshop, useSchedule, type OfferedWorkshop } from '../../workshop';

export interface CartBatches {
  workshop: OfferedWorkshop;
  /** The description ("dates -- timing") of an item's batch, once known. */
  descriptionOf: (item: CartItem) => string | undefined;
}

export function useCartBatches(
  items: readonly CartItem[],
  uid: string | null,
  onFailure: (error: unknown) => void,
): CartBatches {
  const workshop = useOfferedWorkshop(uid, onFailure);
  const listed = workshop.status === 'ready' ? (workshop.workshop?.batchDetails ?? []) : null;
  // The schedule is asked for only when an item's batch is not listed.
  const unlisted =
    listed !== null && items.some((item) => !listed.some((b) => b.batchId === item.batchId));
  const schedule = useSchedule(onFailure, unlisted);
  const fullBatches: Batch[] =
    schedule.status === 'ready'
      ? schedule.schedule.workshops.flatMap((entry) => entry.batches.filter((b) => b.full))
      : [];
  const known = [...(listed ?? []), ...fullBatches];
  return {
    workshop,
    descriptionOf: (item) =>
      known.find((batch) => batch.batchId === item.batchId)?.batchDescription,
  };
}
