/**
 * The checkout page's company purchase (beyond the spec): while the buyer
 * has "Buying several seats or for someone else?" open, the seller's
 * group-sales settings and the batch's seats left are asked for, the most
 * seats the order may have follows from them, and paying first checks the
 * draft. Closed, nothing is asked and no `group` is sent: the spec's order.
 */
import { useQuery } from '@tanstack/react-query';
import { SEATS_PER_ORDER_LIMIT, type CartItem, type GroupCheckout } from '@wifi7/contract';
import { useState } from 'react';
import { errorName } from '../../../lib/error-name';
import { useFailureReport } from '../../../lib/failure-report';
import { remoteLog } from '../../../lib/remote-log';
import { useSchedule } from '../../workshop';
import { groupSalesQuery } from '../api/group-sales';
import type { GroupSalesState } from '../components/GroupSeats';
import { checkGroup, type GroupErrors } from '../lib/group-order';
import { useGroupStore } from '../stores/group-store';

const noErrors: GroupErrors = {};

function logSettingsFailure(error: unknown) {
  void remoteLog.warning(`checkout: group-sales settings failed (${errorName(error)})`);
}

function logScheduleFailure(error: unknown) {
  void remoteLog.warning(`checkout: schedule for seats left failed (${errorName(error)})`);
}

/** What the page sends: a checked group, nothing (the section is closed), or a refusal. */
export type GroupToSend = { group?: GroupCheckout } | null;

export function useGroupCheckout(item: CartItem | undefined) {
  const open = useGroupStore((state) => state.open);
  const draft = useGroupStore((state) => state.draft);

  const query = useQuery({ ...groupSalesQuery, enabled: open });
  useFailureReport(query, logSettingsFailure);
  const settings: GroupSalesState = query.data
    ? { status: 'ready', settings: query.data }
    : query.isError && !query.isFetching
      ? { status: 'failed', retry: () => void query.refetch() }
      : { status: 'loading' };

  // The public schedule says how many seats are left once only a few are.
  const schedule = useSchedule(logScheduleFailure, open);
  const seatsLeft =
    schedule.status === 'ready'
      ? schedule.schedule.workshops
          .flatMap((workshop) => workshop.batches)
          .find((batch) => batch.batchId === item?.batchId)?.seatsLeft
      : null;
  const maxSeats = Math.max(
    1,
    Math.min(query.data?.maxSeatsPerOrder ?? SEATS_PER_ORDER_LIMIT, seatsLeft ?? Infinity),
  );

  // Errors show from the first refused attempt to pay, then follow each change.
  const [attempt, setAttempt] = useState(0);
  const checked = open ? checkGroup(draft, maxSeats) : null;
  const errors = attempt > 0 && checked && !checked.ok ? checked.errors : noErrors;

  /** The `group` of the checkout request; null when the draft is refused (its errors show). */
  const groupToSend = (): GroupToSend => {
    if (!checked) return {};
    setAttempt((count) => count + 1);
    // The total is not known without the seller's volume discounts: no order without it.
    if (!query.data || !checked.ok) return null;
    return { group: checked.group };
  };

  return {
    open,
    settings,
    maxSeats,
    errors,
    attempt,
    groupToSend,
    /** For the order summary: the seats and volume discounts, while the section is open. */
    summary: open ? { seats: draft.seats, tiers: query.data?.volumeTiers ?? null } : undefined,
    /** Where the invoice will go, if the buyer gave an accounts-payable address. */
    invoiceEmail: open ? draft.invoiceEmail.trim() : '',
  };
}
