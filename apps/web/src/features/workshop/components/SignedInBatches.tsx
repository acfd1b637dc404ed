/**
 * The enroll card's parts for a signed-in visitor: the batch choice, the
 * chosen batch's details and the buyer's paid batches. Their code arrives
 * only when someone is signed in; a cold visit is signed out.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, type RefObject } from 'react';
import { Link } from '../../../lib/router-seam';
import { paths } from '../../../config/paths';
import { myOrdersQuery } from '../../my-orders';
import { Spinner } from '../../../components/Spinner';
import { batchOptionLabel, describeBatch } from '../batch-description';
import { seatsText, type BatchOption } from '../batch-options';
import type { Enrolment } from '../hooks/use-my-enrolments';
import type { OfferedWorkshop } from '../hooks/use-offered-workshop';
import { workshopTexts as texts } from '../workshop-texts';
import { SeatsBadge, TimezoneLine, YourTimeLine } from './BatchLines';
import { CalendarIcon, ChevronDownIcon } from './icons';

interface BatchSelectProps {
  offer: OfferedWorkshop;
  batches: readonly BatchOption[];
  selectedBatch: BatchOption | undefined;
  selectRef: RefObject<HTMLSelectElement | null>;
  tooltipVisible: boolean;
  onChoose(batchId: string): void;
}

/**
 * The batch dropdown (spec section 2): "Select batch", "Loading..." or
 * "Registration is closed"; disabled with one or zero batches, a single batch
 * being chosen for the visitor. The tooltip below it is a live region, so
 * screen readers announce it when it appears.
 */
export function BatchSelect({
  offer,
  batches,
  selectedBatch,
  selectRef,
  tooltipVisible,
  onChoose,
}: BatchSelectProps) {
  const selectId = useId();
  const tooltipId = useId();
  const loading = offer.status === 'loading';
  const closed = offer.status === 'ready' && batches.length === 0;
  const placeholder = loading
    ? texts.selectLoading
    : closed
      ? texts.selectClosed
      : texts.selectPlaceholder;
  const disabled = offer.status !== 'ready' || batches.length <= 1;

  return (
    <div className="relative">
      <label htmlFor={selectId} className="block text-sm font-medium text-navy-950">
        Batch
      </label>
      <div className="relative mt-1.5">
        <select
          ref={selectRef}
          id={selectId}
          value={selectedBatch?.batchId ?? ''}
          disabled={disabled}
          aria-describedby={tooltipVisible ? tooltipId : undefined}
          onChange={(event) => onChoose(event.target.value)}
          className={
            'block w-full appearance-none truncate rounded-lg border bg-white py-3 pr-10 pl-3.5 text-base shadow-xs transition-colors ' +
            'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-sky-500 disabled:cursor-not-allowed ' +
            (tooltipVisible
              ? 'border-sky-500 ring-2 ring-sky-200 '
              : 'border-slate-300 hover:border-slate-400 ') +
            (selectedBatch
              ? 'text-navy-950 disabled:bg-slate-50'
              : 'text-slate-600 disabled:bg-slate-100')
          }
        >
          {!selectedBatch && (
            <option value="" disabled={batches.length > 0}>
              {placeholder}
            </option>
          )}
          {batches.map((batch) => (
            <option key={batch.batchId} value={batch.batchId}>
              {(batchOptionLabel(batch.batchDescription) || batch.batchId) +
                (batch.full ? ' · Full' : '')}
            </option>
          ))}
        </select>
        <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-500">
          <ChevronDownIcon />
        </span>
      </div>

      <div id={tooltipId} role="status" className="absolute inset-x-0 top-full z-10 mt-2.5">
        {tooltipVisible && (
          <p className="relative rounded-lg bg-navy-950 px-3.5 py-2.5 text-sm font-medium text-white shadow-lg">
            <span
              aria-hidden="true"
              className="absolute -top-1.5 left-6 size-3 rotate-45 rounded-[2px] bg-navy-950"
            />
            {texts.chooseBatch}
          </p>
        )}
      </div>
    </div>
  );
}

interface BatchDetailsProps {
  offer: OfferedWorkshop & { retry(): void };
  hasBatches: boolean;
  batch: BatchOption | undefined;
  timeZone: string | undefined;
  onRetry(): void;
}

/** Dates and timing of the chosen batch, or what stands in for them. */
export function BatchDetails({ offer, hasBatches, batch, timeZone, onRetry }: BatchDetailsProps) {
  if (offer.status === 'loading') {
    return (
      <p role="status" className="flex items-center gap-2.5 py-1 text-sm text-slate-700">
        <Spinner className="size-5 text-sky-600" />
        {texts.retrieving}
      </p>
    );
  }

  if (offer.status === 'error') {
    return (
      <div
        role="alert"
        className="rounded-lg bg-red-50 p-3.5 text-sm text-red-900 ring-1 ring-red-200"
      >
        <p>{texts.fetchFailed}</p>
        <button
          type="button"
          onClick={onRetry}
          className="mt-2 font-semibold text-red-900 underline underline-offset-2 hover:no-underline"
        >
          Try again
        </button>
      </div>
    );
  }

  if (!hasBatches) {
    return (
      <div className="rounded-lg bg-slate-50 p-3.5 ring-1 ring-slate-200">
        <p className="font-semibold text-navy-950">{texts.closedNow}</p>
        <p className="mt-1 text-sm text-slate-600">Please check back later for the next batch.</p>
      </div>
    );
  }

  const { dates, display } = describeBatch(batch?.batchDescription);
  const seats = batch ? seatsText(batch) : '';
  return (
    <div className="flex flex-col gap-2.5 text-sm">
      {batch ? (
        <dl className="grid grid-cols-[5rem_minmax(0,1fr)] gap-x-3 gap-y-1.5">
          <dt className="text-slate-600">{texts.dates}</dt>
          <dd className="font-medium text-navy-950">
            {dates || '—'}
            {seats && (
              <>
                {' '}
                <SeatsBadge full={batch.full}>{seats}</SeatsBadge>
              </>
            )}
          </dd>
          <dt className="text-slate-600">{texts.timing}</dt>
          <dd className="font-medium text-navy-950">{display || '—'}</dd>
        </dl>
      ) : (
        <p className="text-slate-600">Choose a batch to see its dates and session times.</p>
      )}
      <div className="flex flex-col gap-1">
        <TimezoneLine />
        {batch && <YourTimeLine sessions={batch.sessions} timeZone={timeZone} />}
      </div>
    </div>
  );
}

/**
 * A buyer's paid batches of this workshop (beyond the spec), each with its
 * sessions as a calendar file.
 */
export function EnrolledNote({
  enrolments,
  productSku,
  known,
}: {
  enrolments: readonly Enrolment[];
  productSku: string;
  known: readonly BatchOption[];
}) {
  const mine = enrolments.filter((enrolment) => enrolment.productSku === productSku);
  if (mine.length === 0) return null;
  return (
    <div className="mt-5 flex flex-col gap-2 rounded-xl bg-emerald-50 p-4 text-sm ring-1 ring-emerald-200">
      <p className="font-semibold text-emerald-900">You’re enrolled</p>
      <ul className="flex flex-col gap-2">
        {mine.map((enrolment) => {
          const batch = known.find((each) => each.batchId === enrolment.batchId);
          const { dates, display } = describeBatch(batch?.batchDescription);
          return (
            <li
              key={enrolment.batchId}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1"
            >
              <span className="text-emerald-950">
                {[dates, display].filter(Boolean).join(' · ') || enrolment.batchId}
              </span>
              <a
                href={enrolment.calendarPath}
                download
                className="inline-flex items-center gap-1.5 rounded font-semibold text-emerald-900 underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
              >
                <CalendarIcon />
                Add to calendar
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Beyond the spec, and loaded only when signed in: the buyer's unpaid order for the chosen batch. */
const openOrderTexts = {
  note: (until: string | null) =>
    until
      ? `You have an unpaid order for this batch; your seat is held until ${until}.`
      : 'You have an unpaid order for this batch.',
  link: 'Pay or cancel it in My orders',
};

/**
 * Beside "Proceed to Buy" (beyond the spec): the buyer's unpaid order for
 * the chosen batch, if any, and where to pay or cancel it. A failed look-up
 * shows nothing: the button still works, and reuses that order.
 */
export function OpenOrderNote({ uid, batchId }: { uid: string; batchId: string }) {
  const { data: orders } = useQuery(myOrdersQuery(uid));
  const open = orders?.find(
    (order) => order.batchId === batchId && order.state === 'awaiting_payment',
  );
  if (!open) return null;
  const until = open.payableUntil
    ? new Date(open.payableUntil).toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      })
    : null;
  return (
    <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
      {openOrderTexts.note(until)}{' '}
      <Link
        to={paths.myOrders}
        className="font-semibold underline underline-offset-2 hover:no-underline"
      >
        {openOrderTexts.link}
      </Link>
    </p>
  );
}
