import { PACIFIC_TIME_ZONE } from '@wifi7/contract';
import { Suspense, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { useNavigate } from '../../../lib/router-seam';
import { buttonStyles } from '../../../components/button-styles';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config/paths';
import { workshopContent } from '../../../content/workshop';
import { errorName } from '../../../lib/error-name';
import { remoteLog } from '../../../lib/remote-log';
import { isIndiaPath } from '../../../lib/visitor-country';
import { useAuth } from '../../auth';
import { useCartStore } from '../../cart';
import { WaitlistAction } from '../../waitlist';
import { batchOptionLabel, describeBatch } from '../batch-description';
import {
  batchOptions,
  optionFromSchedule,
  scheduledWorkshop,
  seatsText,
  type BatchOption,
} from '../batch-options';
import { useMyEnrolments, type Enrolment } from '../hooks/use-my-enrolments';
import { useOfferedWorkshop, type OfferedWorkshop } from '../hooks/use-offered-workshop';
import { useSchedule, type Schedule } from '../hooks/use-schedule';
import { useTimedFlag } from '../hooks/use-timed-flag';
import { useWorkshopPrice } from '../hooks/use-workshop-price';
import { browserTimeZone, describeInTimeZone } from '../local-time';
import { scrollToCenter } from '../scroll';
import { TOOLTIP_DURATION_MS, workshopTexts as texts } from '../workshop-texts';
import { CalendarIcon, ChevronDownIcon, ClockIcon, LockIcon } from './icons';
import { PriceTag } from './PriceTag';

/** Id of the card, for links that bring the visitor back to it. */
export const ENROLL_CARD_ID = 'enroll';
export const ENROLL_HEADING_ID = 'enroll-title';

const mainButton =
  `${buttonStyles.primary} w-full px-7 py-3.5 text-lg ` +
  // Unavailable (loading, closed, failed) reads as plainly off, not as a faded call to action.
  'disabled:bg-slate-200 disabled:text-slate-500 disabled:opacity-100';

/** The card shows the failure with a retry; the log says why. */
function logListFailure(error: unknown) {
  void remoteLog.error(`workshop: list fetch failed (${errorName(error)})`);
}

function logScheduleFailure(error: unknown) {
  void remoteLog.error(`workshop: schedule fetch failed (${errorName(error)})`);
}

function logEnrolmentsFailure(error: unknown) {
  void remoteLog.warning(`workshop: enrolments fetch failed (${errorName(error)})`);
}

/**
 * The enroll card of the workshop page (spec sections 2 and 4, "Buying"):
 * price, batch choice, the batch's dates and timing, and the main button.
 *
 * Signed out, the spec's batch list cannot be fetched (it needs a sign-in),
 * so the card lists every open batch of the public schedule (beyond the
 * spec) and the main button invites the visitor to sign in. Signed in, it
 * offers the batches of the first available workshop, with the schedule's
 * full batches merged in as options marked full. Beside Pacific Time, the
 * sessions show in the visitor's own time zone; a buyer's paid batches offer
 * their calendar file. Every state keeps the same footprint, so the page
 * does not jump while data arrives.
 */

export function EnrollCard() {
  const { loading: authLoading, user } = useAuth();
  const navigate = useNavigate();
  const offer = useOfferedWorkshop(user?.uid ?? null, logListFailure);
  const workshop = offer.status === 'ready' ? offer.workshop : null;
  const productSku = workshop?.productSku ?? workshopContent.defaultProductSku;
  const price = useWorkshopPrice(productSku);
  const batches = workshop?.batchDetails ?? [];
  const schedule = useSchedule(logScheduleFailure);
  const scheduled =
    schedule.status === 'ready'
      ? scheduledWorkshop(schedule.schedule, workshop?.productSku)?.batches
      : undefined;
  const options = batchOptions(batches, scheduled);
  const enrolments = useMyEnrolments(user?.uid ?? null, logEnrolmentsFailure);
  const timeZone = useMemo(() => browserTimeZone(), []);

  const addItem = useCartStore((state) => state.addItem);
  // A batch chosen earlier (e.g. before "Change selected batch" at checkout) stays chosen.
  const cartBatchId = useCartStore(
    (state) => state.cartItems.find((item) => item.productSku === productSku)?.batchId,
  );
  const [chosenId, setChosenId] = useState('');
  const selectedBatch =
    options.length === 1
      ? options[0]
      : (options.find((batch) => batch.batchId === chosenId) ??
        options.find((batch) => batch.batchId === cartBatchId));
  /** A full batch cannot be bought; it is offered so that it can be waited for. */
  const selectedFull = selectedBatch?.full ?? false;

  const selectRef = useRef<HTMLSelectElement>(null);
  const fullNoteId = useId();
  const tooltip = useTimedFlag(TOOLTIP_DURATION_MS);

  const proceed = () => {
    if (!workshop || selectedFull) return;
    if (!selectedBatch) {
      const select = selectRef.current;
      if (select) {
        scrollToCenter(select);
        select.focus({ preventScroll: true });
      }
      tooltip.show();
      return;
    }
    enroll();
  };

  /** The chosen batch into the cart and on to checkout (also a seat the waitlist holds or freed). */
  const enroll = () => {
    if (!workshop || !selectedBatch) return;
    addItem({
      productSku: workshop.productSku,
      productName: workshop.productName,
      batchId: selectedBatch.batchId,
    });
    void navigate(paths.checkout);
  };

  return (
    <section
      id={ENROLL_CARD_ID}
      aria-labelledby={ENROLL_HEADING_ID}
      className="scroll-mt-24 rounded-2xl bg-white p-6 text-navy-950 shadow-xl ring-1 ring-white/10 sm:p-8"
    >
      <h2 id={ENROLL_HEADING_ID} tabIndex={-1} className="text-lg font-semibold outline-none">
        Enroll in the next batch
      </h2>

      <div className="mt-3">
        <PriceTag price={price} />
      </div>

      <div className="mt-5 min-h-[13.25rem] border-t border-slate-200 pt-5 sm:min-h-[12.25rem]">
        {authLoading ? (
          <BatchAreaSkeleton />
        ) : user ? (
          <>
            <BatchSelect
              offer={offer}
              batches={options}
              selectedBatch={selectedBatch}
              selectRef={selectRef}
              tooltipVisible={tooltip.visible}
              onChoose={(batchId) => {
                setChosenId(batchId);
                tooltip.hide();
              }}
            />
            <div className="mt-4">
              <BatchDetails
                offer={offer}
                hasBatches={options.length > 0}
                batch={selectedBatch}
                timeZone={timeZone}
                onRetry={offer.retry}
              />
            </div>
          </>
        ) : (
          <ScheduleList schedule={schedule} timeZone={timeZone} />
        )}
      </div>

      <div className="mt-6 flex flex-col gap-3">
        {authLoading ? (
          // Same footprint as the button, so nothing moves when the session is known.
          <span className={`${mainButton} pointer-events-none animate-pulse bg-sky-400/40`}>
            <span className="sr-only">Checking your sign-in…</span>
            <span aria-hidden="true" className="invisible">
              {texts.proceedToBuy}
            </span>
          </span>
        ) : user && selectedFull && selectedBatch ? (
          // Its code arrives when first needed; the placeholder keeps the button's place.
          <Suspense
            fallback={
              <span className={`${mainButton} pointer-events-none animate-pulse bg-sky-400/40`} />
            }
          >
            <WaitlistAction
              key={selectedBatch.batchId}
              batchId={selectedBatch.batchId}
              batchLabel={describeBatch(selectedBatch.batchDescription).dates}
              onEnroll={enroll}
              buttonClassName={mainButton}
            />
          </Suspense>
        ) : user ? (
          <>
            <button
              type="button"
              className={mainButton}
              disabled={offer.status !== 'ready' || options.length === 0 || selectedFull}
              aria-describedby={selectedFull ? fullNoteId : undefined}
              onClick={proceed}
            >
              {texts.proceedToBuy}
            </button>
            {selectedFull && (
              <p id={fullNoteId} className="text-center text-sm font-medium text-navy-950">
                This batch is full.
              </p>
            )}
          </>
        ) : (
          <button type="button" className={mainButton} onClick={() => void navigate(paths.login)}>
            {texts.loginToEnroll}
          </button>
        )}
        <p className="text-center text-sm text-balance text-slate-600">
          <LockIcon />
          {paymentNote(price.country)}
        </p>
      </div>

      {user && (
        <EnrolledNote
          enrolments={enrolments}
          productSku={productSku}
          known={[...options, ...(scheduled ?? []).map(optionFromSchedule)]}
        />
      )}
    </section>
  );
}

/** How the visitor will pay (spec section 1), by the country of the price shown. */
function paymentNote(country: string | undefined): string {
  if (!country) return 'Secure payment at checkout';
  return isIndiaPath(country)
    ? 'Secure payment through a Zoho payment link'
    : 'Secure payment by PayPal invoice (card or PayPal)';
}

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
function BatchSelect({
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
function BatchDetails({ offer, hasBatches, batch, timeZone, onRetry }: BatchDetailsProps) {
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

function TimezoneLine() {
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-600">
      <ClockIcon />
      {texts.timezone}
    </p>
  );
}

/** The sessions in the visitor's own zone; nothing when that is Pacific Time. */
function YourTimeLine({
  sessions,
  timeZone,
}: {
  sessions: BatchOption['sessions'];
  timeZone: string | undefined;
}) {
  const local = useMemo(
    () => (timeZone ? describeInTimeZone(sessions, timeZone) : null),
    [sessions, timeZone],
  );
  if (!local) return null;
  return <p className="text-sm text-pretty text-slate-700">Your time: {local}</p>;
}

function SeatsBadge({ full, children }: { full: boolean; children: string }) {
  return (
    <span
      className={
        'inline-block rounded-full px-2 py-0.5 align-[0.1em] text-xs font-semibold whitespace-nowrap ring-1 ' +
        (full
          ? 'bg-slate-100 text-slate-800 ring-slate-300'
          : 'bg-amber-50 text-amber-900 ring-amber-200')
      }
    >
      {children}
    </span>
  );
}

/**
 * Signed out (beyond the spec): every open batch of the public schedule,
 * with its dates, timing, the seats left when few remain, and the sessions
 * in the visitor's own time zone.
 */
function ScheduleList({
  schedule,
  timeZone,
}: {
  schedule: Schedule & { retry(): void };
  timeZone: string | undefined;
}) {
  const headingId = useId();
  if (schedule.status === 'loading') {
    // The shape of the list to come (a heading, three batches), so little moves when it arrives.
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner className="size-5 text-sky-600" />
          {texts.retrieving}
        </p>
        <div aria-hidden="true" className="flex flex-col divide-y divide-slate-100">
          {[0, 1, 2].map((row) => (
            <span key={row} className="flex flex-col gap-1.5 py-2.5 first:pt-0">
              <span className="h-4 w-2/5 animate-pulse rounded bg-slate-200" />
              <span className="h-4 w-3/4 animate-pulse rounded bg-slate-100" />
              {/* Outside Pacific Time each batch will say its sessions in the visitor's time. */}
              {timeZone !== PACIFIC_TIME_ZONE && (
                <span className="h-4 w-4/5 animate-pulse rounded bg-slate-100" />
              )}
            </span>
          ))}
        </div>
        <TimezoneLine />
      </div>
    );
  }

  if (schedule.status === 'error') {
    return (
      <div className="flex flex-col gap-3">
        <div role="alert" className="rounded-lg bg-slate-50 p-3.5 text-sm ring-1 ring-slate-200">
          <p className="text-navy-950">
            We could not load the batch dates just now. You can still sign in and enroll.
          </p>
          <button
            type="button"
            onClick={schedule.retry}
            className="mt-2 font-semibold text-sky-800 underline underline-offset-2 hover:no-underline"
          >
            Try again
          </button>
        </div>
        <TimezoneLine />
      </div>
    );
  }

  const batches = scheduledWorkshop(schedule.schedule)?.batches ?? [];
  if (batches.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        <div className="rounded-lg bg-slate-50 p-3.5 ring-1 ring-slate-200">
          <p className="font-semibold text-navy-950">{texts.closedNow}</p>
          <p className="mt-1 text-sm text-slate-600">Please check back later for the next batch.</p>
        </div>
        <TimezoneLine />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <h3 id={headingId} className="text-sm font-medium text-navy-950">
        Upcoming batches
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-slate-100">
        {batches.map((batch) => {
          const option = optionFromSchedule(batch);
          const { dates, display } = describeBatch(batch.batchDescription);
          const seats = seatsText(option);
          return (
            <li key={batch.batchId} className="flex flex-col gap-0.5 py-2.5 text-sm first:pt-0">
              <p className="font-semibold text-navy-950">
                {dates || batch.batchId}
                {seats && (
                  <>
                    {' '}
                    <SeatsBadge full={batch.full}>{seats}</SeatsBadge>
                  </>
                )}
              </p>
              {display && <p className="text-slate-700">{display}</p>}
              <YourTimeLine sessions={batch.sessions} timeZone={timeZone} />
            </li>
          );
        })}
      </ul>
      <TimezoneLine />
    </div>
  );
}

/**
 * A buyer's paid batches of this workshop (beyond the spec), each with its
 * sessions as a calendar file.
 */
function EnrolledNote({
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

function BatchAreaSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3">
      <span className="h-4 w-16 animate-pulse rounded bg-slate-200" />
      <span className="h-12 w-full animate-pulse rounded-lg bg-slate-100" />
      <span className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
    </div>
  );
}
