/**
 * A batch's sessions: 15 start times written as Pacific wall-clock times
 * (`YYYY-MM-DDTHH:mm`, America/Los_Angeles), each lasting the batch's
 * session minutes. Wall-clock times keep "9:00 AM Pacific" at 9:00 AM
 * across the change to and from daylight saving time; the instant of a
 * session is worked out only where one is needed (a calendar file, a check
 * that the time exists).
 *
 * The batch's description ("dates (region) -- timing", which the buyers'
 * page shows) is composed here from the sessions, so the two never
 * disagree: only the region is the seller's own words.
 *
 * Shared by the server (catalog file, back office) and the web app (the
 * back office's forms), so both judge a session list the same way. Its
 * schemas are made with zod/mini. Wall-clock times themselves (parsing,
 * the instants they name, the words for hours) are wall-clock.ts's.
 */
import { z } from 'zod/mini';
import { miniText } from './text';
import {
  formatWallClock,
  isCalendarDate,
  pacificInstant,
  parseWallClock,
  WALL_CLOCK,
  type WallClock,
} from './wall-clock';
import { clockOf, dateText, hoursText, listText } from './zoned-time';
import { WEEKDAYS, type Weekday } from './week';

/** The workshop has 15 sessions (spec section 1). */
export const SESSIONS_PER_BATCH = 15;
/** Of 2 hours each (spec section 1). */
export const DEFAULT_SESSION_MINUTES = 120;
export const MIN_SESSION_MINUTES = 15;
export const MAX_SESSION_MINUTES = 8 * 60;

export const weekdaySchema = z.enum(WEEKDAYS);

const CLOCK_TIME = /^(\d{2}):(\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A session start as typed: `2027-01-12T09:00`. Whether it exists in Pacific Time is checked by `sessionProblems`. */
export const wallClockSchema = miniText(z.regex(WALL_CLOCK, 'a time such as 2027-01-12T09:00'));
/** A time of day: `09:00`. */
export const clockTimeSchema = miniText(z.regex(CLOCK_TIME, 'a time such as 09:00'));
export const sessionMinutesSchema = z
  .number()
  .check(z.int(), z.gte(MIN_SESSION_MINUTES), z.lte(MAX_SESSION_MINUTES));

/** Minutes since an arbitrary epoch on the wall clock, for ordering and gaps. */
function wallMinutes(parts: WallClock): number {
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) / 60_000;
}

function weekdayOf(year: number, month: number, day: number): Weekday {
  // getUTCDay: 0 is Sunday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

/** One thing wrong with a batch's sessions; `index` is the session's (0-based), if it is about one. */
export interface SessionProblem {
  index: number | null;
  message: string;
}

/**
 * What is wrong with a batch's sessions (nothing, when the list is empty):
 * exactly 15, each a time that exists in Pacific Time, in order, none
 * starting before the one before it has ended.
 */
export function findSessionProblems(
  sessions: readonly string[],
  minutes: number,
): SessionProblem[] {
  const problems: SessionProblem[] = [];
  if (sessions.length !== SESSIONS_PER_BATCH) {
    problems.push({
      index: null,
      message: `A batch has ${SESSIONS_PER_BATCH} sessions; ${sessions.length} were given.`,
    });
  }
  let previous: { parts: WallClock; number: number } | undefined;
  sessions.forEach((session, index) => {
    const number = index + 1;
    const problem = (message: string) => problems.push({ index, message });
    const parts = parseWallClock(session);
    if (!parts) {
      problem(`Session ${number} (${session}) is not a date and time such as 2027-01-12T09:00.`);
      return;
    }
    if (!pacificInstant(session)) {
      problem(
        `Session ${number} (${session}) does not exist in Pacific Time: the clocks skip that hour.`,
      );
    }
    if (previous && wallMinutes(parts) < wallMinutes(previous.parts) + minutes) {
      problem(
        `Session ${number} (${session}) must start after session ${previous.number} has ended.`,
      );
    }
    previous = { parts, number };
  });
  return problems;
}

/** The problems of `findSessionProblems`, one sentence each. */
export function sessionProblems(sessions: readonly string[], minutes: number): string[] {
  return findSessionProblems(sessions, minutes).map((problem) => problem.message);
}

export interface WeeklySchedule {
  /** The first day a session may fall on (`YYYY-MM-DD`). */
  startsOn: string;
  weekdays: readonly Weekday[];
  /** Time of day in Pacific Time, `HH:mm`. */
  startTime: string;
  count?: number;
}

/**
 * The sessions of a weekly schedule: from `startsOn`, every listed weekday
 * at `startTime` Pacific Time, until there are `count` (15) of them.
 */
export function expandWeeklySchedule({
  startsOn,
  weekdays,
  startTime,
  count = SESSIONS_PER_BATCH,
}: WeeklySchedule): string[] {
  const date = ISO_DATE.exec(startsOn);
  const time = CLOCK_TIME.exec(startTime);
  if (!date || !time) throw new RangeError(`Not a date and time: ${startsOn} ${startTime}`);
  if (weekdays.length === 0) throw new RangeError('A weekly schedule needs at least one weekday.');
  const [year, month, day] = date.slice(1).map(Number) as [number, number, number];
  if (!isCalendarDate(year, month, day)) throw new RangeError(`Not a date: ${startsOn}`);
  const [hour, minute] = time.slice(1).map(Number) as [number, number];
  const sessions: string[] = [];
  for (let offset = 0; sessions.length < count; offset += 1) {
    const current = new Date(Date.UTC(year, month - 1, day + offset));
    const parts = {
      year: current.getUTCFullYear(),
      month: current.getUTCMonth() + 1,
      day: current.getUTCDate(),
    };
    if (weekdays.includes(weekdayOf(parts.year, parts.month, parts.day))) {
      sessions.push(formatWallClock({ ...parts, hour, minute }));
    }
  }
  return sessions;
}

/** The date (`YYYY-MM-DD`) a session falls on. */
export function sessionDate(session: string): string {
  return session.slice(0, 10);
}

/** "Tue, Jan 12, 2027" and "9:00 AM": a session as a person reads it, in Pacific Time. */
export function describeSession(session: string): { day: string; time: string } {
  const parts = parseWallClock(session);
  if (!parts) return { day: session, time: '' };
  const weekday = weekdayOf(parts.year, parts.month, parts.day);
  const clock = clockOf(parts.hour * 60 + parts.minute);
  return { day: `${weekday}, ${dateText(parts, true)}`, time: `${clock.hhmm} ${clock.meridiem}` };
}

/**
 * The two halves of a batch's description that follow from its sessions:
 * `dates` ("Jan 12 - Mar 2, 2027") and `timing` ("Tue & Thu, 9 to 11 AM
 * Pacific Time"), in the words the buyers' page shortens (spec section 3).
 * Undefined for sessions with problems.
 */
export function describeSessions(
  sessions: readonly string[],
  minutes: number,
): { dates: string; timing: string } | undefined {
  const parsed = sessions.map(parseWallClock);
  if (parsed.length === 0 || parsed.some((parts) => parts === null)) return undefined;
  const all = parsed as WallClock[];
  const first = all[0]!;
  const last = all.at(-1)!;
  const dates =
    first.year === last.year
      ? `${dateText(first)} - ${dateText(last, true)}`
      : `${dateText(first, true)} - ${dateText(last, true)}`;
  const weekdays = WEEKDAYS.filter((weekday) =>
    all.some((parts) => weekdayOf(parts.year, parts.month, parts.day) === weekday),
  );
  const startTimes = [...new Set(all.map((parts) => parts.hour * 60 + parts.minute))].sort(
    (a, b) => a - b,
  );
  const hours = startTimes.map((start) => hoursText(start, start + minutes, ' to ')).join(' or ');
  return { dates, timing: `${listText(weekdays)}, ${hours} Pacific Time` };
}

/** The region in brackets of a description's first half ("Americas"), or "". */
export function regionOfDescription(description: string): string {
  const first = description.split('--')[0] ?? '';
  return /\(([^()]*)\)/.exec(first)?.[1]?.trim() ?? '';
}

/** A batch's region: who the session times suit, shown in brackets ("Americas"). */
export const regionSchema = miniText(
  z.trim(),
  z.maxLength(40),
  z.regex(/^(?!.*--)[^()\n]*$/, 'no brackets, double dashes or line breaks'),
);

/**
 * The description the buyers' page shows, "dates (region) -- timing", e.g.
 * "Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time".
 */
export function composeBatchDescription(
  region: string,
  sessions: readonly string[],
  minutes: number,
): string | undefined {
  const described = describeSessions(sessions, minutes);
  if (!described) return undefined;
  const regionPart = region.trim() ? ` (${region.trim()})` : '';
  return `${described.dates}${regionPart} -- ${described.timing}`;
}
