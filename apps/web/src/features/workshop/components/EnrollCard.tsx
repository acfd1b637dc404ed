import { PACIFIC_TIME_ZONE } from '@wifi7/contract';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
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
import { describeBatch } from '../batch-description';
import { batchOptions, optionFromSchedule, scheduledWorkshop, seatsText } from '../batch-options';
import { useMyEnrolments } from '../hooks/use-my-enrolments';
import { useOfferedWorkshop } from '../hooks/use-offered-workshop';
import { useSchedule, type Schedule } from '../hooks/use-schedule';
import { useTimedFlag } from '../hooks/use-timed-flag';
import { useWorkshopPrice } from '../hooks/use-workshop-price';
import { browserTimeZone } from '../local-time';
import { scrollToCenter } from '../scroll';
import { TOOLTIP_DURATION_MS, workshopTexts as texts } from '../workshop-texts';
import { SeatsBadge, TimezoneLine, YourTimeLine } from './BatchLines';
import { LockIcon } from './icons';
import { PriceTag } from './PriceTag';

// A cold visit is signed out: the signed-in parts' code arrives when first needed.
const signedInParts = () => import('./SignedInBatches');
const BatchSelect = lazy(() => signedInParts().then((parts) => ({ default: parts.BatchSelect })));
const BatchDetails = lazy(() => signedInParts().then((parts) => ({ default: parts.BatchDetails })));
const EnrolledNote = lazy(() => signedInParts().then((parts) => ({ default: parts.EnrolledNote })));
const OpenOrderNote = lazy(() =>
  signedInParts().then((parts) => ({ default: parts.OpenOrderNote })),
);

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
          <Suspense fallback={<BatchAreaSkeleton />}>
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
          </Suspense>
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
            {selectedBatch && (
              <Suspense fallback={null}>
                <OpenOrderNote uid={user.uid} batchId={selectedBatch.batchId} />
              </Suspense>
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
        <Suspense fallback={null}>
          <EnrolledNote
            enrolments={enrolments}
            productSku={productSku}
            known={[...options, ...(scheduled ?? []).map(optionFromSchedule)]}
          />
        </Suspense>
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

function BatchAreaSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3">
      <span className="h-4 w-16 animate-pulse rounded bg-slate-200" />
      <span className="h-12 w-full animate-pulse rounded-lg bg-slate-100" />
      <span className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
    </div>
  );
}
