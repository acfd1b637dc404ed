/**
 * The one time library (docs/decisions/0006), second half: the workshop's
 * Pacific wall-clock times (`YYYY-MM-DDTHH:mm`, America/Los_Angeles), the
 * instants they name and the dates around them, and a moment as the
 * e-mails say it. Built on zoned-time.ts.
 */
import { PACIFIC_TIME_ZONE, WEEKDAYS } from './week';
import { clockOf, dateText, zonedTime } from './zoned-time';

/** "Thu, Jan 7, 9:00 AM": an instant on the clock of `timeZone`, as the e-mails and pages say it. */
export function momentText(instant: Date, timeZone: string): string {
  const time = zonedTime(instant, timeZone);
  const clock = clockOf(time.hour * 60 + time.minute);
  return `${WEEKDAYS[time.weekday]}, ${dateText(time)}, ${clock.hhmm} ${clock.meridiem}`;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2027-01-12T09:00`. */
export const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Whether year, month and day name a day of the calendar (not Feb 30). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The parts of a wall-clock time, or null when it is not a real date and time of day. */
export function parseWallClock(value: string): WallClock | null {
  const match = WALL_CLOCK.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

export function formatWallClock({ year, month, day, hour, minute }: WallClock): string {
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

/** The Pacific wall-clock time of an instant. */
export function pacificWallClockOf(instant: Date): string {
  return formatWallClock(zonedTime(instant, PACIFIC_TIME_ZONE));
}

/**
 * The instant a Pacific wall-clock time names, or null when that time does
 * not exist (the hour skipped when clocks go forward). A time that occurs
 * twice (the hour repeated when clocks go back) is its first occurrence.
 */
export function pacificInstant(value: string): Date | null {
  const parts = parseWallClock(value);
  if (!parts) return null;
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  // Pacific Time is UTC-7 in summer and UTC-8 in winter; the earlier instant first.
  for (const hoursBehindUtc of [7, 8]) {
    const candidate = new Date(asUtc + hoursBehindUtc * 3_600_000);
    if (pacificWallClockOf(candidate) === value) return candidate;
  }
  return null;
}

/** The Pacific calendar date of an instant, `YYYY-MM-DD`. */
export function pacificDate(instant: Date): string {
  return pacificWallClockOf(instant).slice(0, 10);
}

/** The calendar date `days` after `date` (`YYYY-MM-DD`; negative for before). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Midnight to midnight of a Pacific calendar date, as instants (23 or 25 hours on change days). */
export function pacificDayBounds(date: string): { from: Date; to: Date } {
  // Pacific clocks change at 2 AM, so every midnight exists.
  const from = pacificInstant(`${date}T00:00`);
  const to = pacificInstant(`${addDays(date, 1)}T00:00`);
  if (!from || !to) throw new RangeError(`Not a date: ${date}`);
  return { from, to };
}
