/**
 * The enroll card's lines about a batch's times and seats, signed in and
 * signed out alike.
 */
import { useMemo } from 'react';
import type { BatchOption } from '../batch-options';
import { describeInTimeZone } from '../local-time';
import { workshopTexts as texts } from '../workshop-texts';
import { ClockIcon } from './icons';

export function TimezoneLine() {
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-600">
      <ClockIcon />
      {texts.timezone}
    </p>
  );
}

/** The sessions in the visitor's own zone; nothing when that is Pacific Time. */
export function YourTimeLine({
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

export function SeatsBadge({ full, children }: { full: boolean; children: string }) {
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
