/**
 * The workshop runs on Pacific Time. Sessions are stored as wall-clock
 * times there (`YYYY-MM-DDTHH:mm`), so a 9:00 AM session stays at 9:00 AM
 * on both sides of a daylight-saving change; the instant it happens is
 * worked out here, with the time-zone rules of America/Los_Angeles.
 */
import { DateTime } from 'luxon';

export const WORKSHOP_ZONE = 'America/Los_Angeles';

export interface Session {
  /** 1-based, in the order the seller listed them. */
  number: number;
  start: DateTime;
  end: DateTime;
}

/** The batch's sessions as instants in Pacific Time; a start that is not a valid wall-clock time is refused. */
export function sessionsOf(starts: readonly string[], minutes: number): Session[] {
  return starts.map((wallClock, index) => {
    const start = DateTime.fromFormat(wallClock, "yyyy-MM-dd'T'HH:mm", { zone: WORKSHOP_ZONE });
    if (!start.isValid) throw new RangeError(`Not a Pacific wall-clock time: ${wallClock}`);
    return { number: index + 1, start, end: start.plus({ minutes }) };
  });
}

/** e.g. "Tue, Jan 12, 2027, 9:00 – 11:00 AM PST" (the zone's abbreviation tells PST from PDT). */
export function describeSession(session: Session): string {
  const day = session.start.toFormat('ccc, LLL d, yyyy');
  const sameHalf = session.start.toFormat('a') === session.end.toFormat('a');
  const from = session.start.toFormat(sameHalf ? 'h:mm' : 'h:mm a');
  const to = session.end.toFormat('h:mm a ZZZZ');
  return `${day}, ${from} – ${to}`;
}

/** The Pacific calendar date of an instant, `YYYY-MM-DD`. */
export function pacificDate(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: WORKSHOP_ZONE }).toISODate()!;
}

/** The hour (0–23) on a Pacific clock at an instant. */
export function pacificHour(instant: Date): number {
  return DateTime.fromJSDate(instant, { zone: WORKSHOP_ZONE }).hour;
}

/** Midnight to midnight of a Pacific calendar date, as instants (23 or 25 hours on change days). */
export function pacificDayBounds(date: string): { from: Date; to: Date } {
  const start = DateTime.fromISO(date, { zone: WORKSHOP_ZONE }).startOf('day');
  return { from: start.toJSDate(), to: start.plus({ days: 1 }).toJSDate() };
}

/** The Pacific date before `date`. */
export function previousPacificDate(date: string): string {
  return DateTime.fromISO(date, { zone: WORKSHOP_ZONE }).minus({ days: 1 }).toISODate()!;
}
