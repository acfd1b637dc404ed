import type { WaitlistPlace } from '@wifi7/contract';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Spinner } from '../../../components/Spinner';
import { RequestFailedError } from '../../../lib/api-client';
import { errorName } from '../../../lib/error-name';
import { remoteLog } from '../../../lib/remote-log';
import { useAuth } from '../../auth';
import { joinWaitlist, leaveWaitlist, useWaitlistChange } from '../api/waitlist-api';
import { useMyPlace } from '../hooks/use-my-places';
import { heldUntilText } from '../lib/held-until';
import { waitlistTexts as texts } from '../texts';

interface WaitlistActionProps {
  batchId: string;
  /** The batch as the card names it, e.g. its dates "Jan 12 - Mar 4, 2027". */
  batchLabel: string;
  /** The card's own way to buy a seat, for when one turns out free after all. */
  onEnroll: () => void;
  /** The card's main-button look, so "Join waitlist" stands where "Proceed to Buy" would. */
  buttonClassName: string;
}

/** What the buyer last did here; `null` until they act (their place is then the server's). */
type Shown =
  | { view: 'place'; place: WaitlistPlace; already: boolean }
  | { view: 'seat-free' }
  | { view: 'left' };

/**
 * The enroll card's main action for a full batch (signed in): "Join
 * waitlist", then a confirmation of the buyer's place, which says whom we
 * will e-mail and for how long a freed seat is held, with a way to leave
 * the line. A batch that turns out to have a free seat offers the seat.
 *
 * Each outcome is announced (a polite live region) and takes the focus, as
 * the button the buyer pressed gives way to it. Mount it with `key={batchId}`
 * so another batch starts afresh.
 */
export function WaitlistAction({
  batchId,
  batchLabel,
  onEnroll,
  buttonClassName,
}: WaitlistActionProps) {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const known = useMyPlace(user?.uid ?? null, batchId);
  const [shown, setShown] = useState<Shown | null>(null);
  const [problem, setProblem] = useState<{ action: 'join' | 'leave'; text: string } | null>(null);
  const [askLeave, setAskLeave] = useState(false);
  // Where the focus goes after an outcome replaces what the buyer pressed.
  const focusNext = useRef<'outcome' | 'button' | 'keep' | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);

  const view: Shown | null =
    shown ?? (known ? { view: 'place', place: known, already: true } : null);
  const dates = batchLabel || batchId;

  // Before the browser paints, so the focus never rests on the page between the two.
  useLayoutEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'outcome') outcomeRef.current?.focus();
    else if (target === 'button') buttonRef.current?.focus();
    else if (target === 'keep') keepRef.current?.focus();
  });

  const joining = useWaitlistChange(joinWaitlist);
  const leaving = useWaitlistChange(leaveWaitlist);
  const busy = joining.isPending ? 'joining' : leaving.isPending ? 'leaving' : null;

  const join = () => {
    setProblem(null);
    joining.mutate(batchId, {
      onSuccess: (answer) => {
        if (answer.outcome === 'seat_free' || !answer.place) setShown({ view: 'seat-free' });
        else
          setShown({ view: 'place', place: answer.place, already: answer.outcome === 'already' });
        focusNext.current = 'outcome';
      },
      onError: (error) => {
        void remoteLog.warning(`waitlist: join failed (${errorName(error)})`);
        setProblem({ action: 'join', text: problemText(error, texts.joinFailed) });
      },
    });
  };

  const leave = () => {
    setProblem(null);
    leaving.mutate(batchId, {
      onSuccess: () => {
        setShown({ view: 'left' });
        setAskLeave(false);
        focusNext.current = 'button';
      },
      onError: (error) => {
        void remoteLog.warning(`waitlist: leave failed (${errorName(error)})`);
        setProblem({ action: 'leave', text: problemText(error, texts.leaveFailed) });
      },
    });
  };

  const showButton = !view || view.view === 'left';

  return (
    <div className="flex flex-col gap-3">
      {showButton && (
        <>
          <button
            ref={buttonRef}
            type="button"
            className={buttonClassName}
            disabled={busy === 'joining'}
            onClick={join}
          >
            {busy === 'joining' && <Spinner className="size-5" />}
            {busy === 'joining' ? texts.joining : texts.joinButton}
          </button>
          {view?.view !== 'left' && (
            <p className="text-center text-sm text-balance text-slate-600">{texts.fullNote}</p>
          )}
        </>
      )}

      <div role="status" className="empty:hidden">
        {view?.view === 'left' && (
          <p className="text-center text-sm text-slate-700">{texts.left(dates)}</p>
        )}
        {view?.view === 'seat-free' && (
          <Outcome tone="good" title={texts.seatFreeTitle} titleRef={outcomeRef}>
            <p>{texts.seatFree(dates)}</p>
          </Outcome>
        )}
        {view?.view === 'place' && (
          <PlaceOutcome
            place={view.place}
            already={view.already}
            dates={dates}
            email={email}
            titleRef={outcomeRef}
          >
            {askLeave ? (
              <div className="mt-3 flex flex-col gap-2 border-t border-sky-200 pt-3">
                <p className="font-medium text-navy-950">
                  {view.place.state === 'offered' ? texts.giveUpQuestion : texts.leaveQuestion}
                </p>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={smallButton.danger}
                    disabled={busy === 'leaving'}
                    onClick={leave}
                  >
                    {busy === 'leaving' && <Spinner className="size-4" />}
                    {busy === 'leaving' ? texts.leaving : texts.leaveConfirm}
                  </button>
                  <button
                    ref={keepRef}
                    type="button"
                    className={smallButton.quiet}
                    disabled={busy === 'leaving'}
                    onClick={() => {
                      setAskLeave(false);
                      setProblem(null);
                    }}
                  >
                    {texts.leaveCancel}
                  </button>
                </div>
              </div>
            ) : (
              <button
                type="button"
                className="mt-2 self-start rounded font-semibold text-sky-800 underline underline-offset-4 hover:text-sky-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
                onClick={() => {
                  setAskLeave(true);
                  focusNext.current = 'keep';
                }}
              >
                {texts.leave}
              </button>
            )}
          </PlaceOutcome>
        )}
      </div>

      {(view?.view === 'seat-free' ||
        (view?.view === 'place' && view.place.state === 'offered')) && (
        <button type="button" className={buttonClassName} onClick={onEnroll}>
          Proceed to Buy
        </button>
      )}

      {problem && (
        <div
          role="alert"
          className="rounded-lg bg-red-50 p-3.5 text-sm text-red-900 ring-1 ring-red-200"
        >
          <p>{problem.text}</p>
          <button
            type="button"
            onClick={problem.action === 'join' ? join : leave}
            disabled={busy !== null}
            className="mt-2 font-semibold text-red-900 underline underline-offset-2 hover:no-underline"
          >
            {texts.tryAgain}
          </button>
        </div>
      )}
    </div>
  );
}

const smallBase =
  'inline-flex items-center justify-center gap-2 rounded-lg px-3.5 py-2 text-sm font-semibold ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';
const smallButton = {
  danger: `${smallBase} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-500`,
  quiet: `${smallBase} border border-slate-300 bg-white text-navy-950 hover:bg-slate-50 focus-visible:outline-sky-600`,
};

/** A sentence for a failed call: the server's own words for a refusal, else `fallback`. */
function problemText(error: unknown, fallback: string): string {
  if (error instanceof RequestFailedError && error.status < 500 && error.serverMessage) {
    return error.serverMessage;
  }
  return fallback;
}

function PlaceOutcome({
  place,
  already,
  dates,
  email,
  titleRef,
  children,
}: {
  place: WaitlistPlace;
  already: boolean;
  dates: string;
  email: string;
  titleRef: RefObject<HTMLParagraphElement | null>;
  children: React.ReactNode;
}) {
  if (place.state === 'offered') {
    return (
      <Outcome tone="good" title={texts.offeredTitle} titleRef={titleRef}>
        <p>
          {texts.offered(
            dates,
            place.offerExpiresAt ? heldUntilText(place.offerExpiresAt) : 'the time in our e-mail',
          )}
        </p>
        {children}
      </Outcome>
    );
  }
  return (
    <Outcome
      tone="info"
      title={already ? texts.alreadyTitle : texts.joinedTitle}
      titleRef={titleRef}
    >
      <p>{texts.joined(dates, email)}</p>
      {place.position !== null && (
        <p className="font-semibold text-navy-950">{texts.position(place.position)}</p>
      )}
      {children}
    </Outcome>
  );
}

function Outcome({
  tone,
  title,
  titleRef,
  children,
}: {
  tone: 'info' | 'good';
  title: string;
  titleRef: RefObject<HTMLParagraphElement | null>;
  children: React.ReactNode;
}) {
  const colours = tone === 'good' ? 'bg-emerald-50 ring-emerald-200' : 'bg-sky-50 ring-sky-200';
  return (
    <div
      className={`flex flex-col gap-1.5 rounded-xl p-4 text-sm [overflow-wrap:anywhere] text-slate-800 ring-1 ${colours}`}
    >
      <p
        ref={titleRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-base font-semibold text-navy-950 outline-none"
      >
        <CheckIcon />
        {title}
      </p>
      {children}
    </div>
  );
}

function CheckIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-5 shrink-0 text-emerald-700"
      fill="currentColor"
    >
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
