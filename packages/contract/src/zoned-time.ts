/**
 * The one time library of the server, the web app and the e-mails
 * (docs/decisions/0006), first half: an instant on the clock of any time
 * zone, and the words for hours, dates and lists of days. The workshop
 * page reads these; the Pacific wall-clock times of sessions, which only
 * the back office, checkout and the server need, are in wall-clock.ts, so
 * the first page load does not carry them.
 *
 * It stands on the platform alone, so it runs the same in Node and in
 * browsers and adds no library to the first page load. Where the runtime
 * has Temporal, a zone's wall-clock times and offsets come from it: the
 * first Intl.DateTimeFormat a page makes loads the locale's date patterns,
 * which holds a phone's main thread for about a tenth of a second, while
 * Temporal answers the same in a millisecond. Elsewhere Intl answers.
 */
import { WEEKDAYS } from './week';

export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** An instant as the clock of a time zone shows it. */
export interface ZonedTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** Index into WEEKDAYS (Mon = 0). */
  weekday: number;
  hour: number;
  minute: number;
  /** Minutes the zone is ahead of UTC. */
  offset: number;
}

/** The parts of Temporal read here. */
interface TemporalApi {
  Now: { timeZoneId(): string };
  Instant: {
    fromEpochMilliseconds(ms: number): {
      toZonedDateTimeISO(timeZone: string): {
        year: number;
        month: number;
        day: number;
        hour: number;
        minute: number;
        /** Mon = 1 … Sun = 7. */
        dayOfWeek: number;
        offsetNanoseconds: number;
      };
    };
  };
}

const temporal = () => (globalThis as { Temporal?: TemporalApi }).Temporal;

// Making an Intl.DateTimeFormat costs far more than using one (a page
// describes every session of every batch), so each is made once per zone.
const formats = new Map<string, Intl.DateTimeFormat>();
const abbreviationFormats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** `instant` on the clock of `timeZone`; a RangeError for a zone that does not exist. */
export function zonedTime(instant: Date, timeZone: string): ZonedTime {
  const api = temporal();
  if (api) {
    const local = api.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
    return {
      year: local.year,
      month: local.month,
      day: local.day,
      weekday: local.dayOfWeek - 1,
      hour: local.hour,
      minute: local.minute,
      offset: Math.round(local.offsetNanoseconds / 60e9),
    };
  }
  const parts: Record<string, string> = {};
  for (const part of formatFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const flooredInstant = Math.floor(instant.getTime() / 60_000) * 60_000;
  return {
    year,
    month,
    day,
    weekday: WEEKDAYS.indexOf(parts.weekday as (typeof WEEKDAYS)[number]),
    hour,
    minute,
    offset: Math.round((wall - flooredInstant) / 60_000),
  };
}

/** The time zone the runtime runs in, e.g. "Asia/Kolkata"; undefined when it cannot say. */
export function runtimeTimeZone(): string | undefined {
  const api = temporal();
  if (api) return api.Now.timeZoneId() || undefined;
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/**
 * Abbreviations for common zones, [standard time, daylight saving time]:
 * where Intl gives only "GMT+5:30" or similar in English, and for the most
 * common zones of all, which then need no Intl.
 */
export const knownAbbreviations: Record<string, readonly [string, string]> = {
  'Asia/Kolkata': ['IST', 'IST'],
  'Asia/Calcutta': ['IST', 'IST'],
  'Europe/London': ['GMT', 'BST'],
  'Europe/Lisbon': ['WET', 'WEST'],
  'Europe/Berlin': ['CET', 'CEST'],
  'Europe/Paris': ['CET', 'CEST'],
  'Europe/Madrid': ['CET', 'CEST'],
  'Europe/Rome': ['CET', 'CEST'],
  'Europe/Amsterdam': ['CET', 'CEST'],
  'Europe/Brussels': ['CET', 'CEST'],
  'Europe/Vienna': ['CET', 'CEST'],
  'Europe/Zurich': ['CET', 'CEST'],
  'Europe/Stockholm': ['CET', 'CEST'],
  'Europe/Oslo': ['CET', 'CEST'],
  'Europe/Copenhagen': ['CET', 'CEST'],
  'Europe/Warsaw': ['CET', 'CEST'],
  'Europe/Prague': ['CET', 'CEST'],
  'Europe/Budapest': ['CET', 'CEST'],
  'Europe/Athens': ['EET', 'EEST'],
  'Europe/Helsinki': ['EET', 'EEST'],
  'Europe/Bucharest': ['EET', 'EEST'],
  'Europe/Kyiv': ['EET', 'EEST'],
  'Europe/Kiev': ['EET', 'EEST'],
  'Asia/Jerusalem': ['IST', 'IDT'],
  'Asia/Dubai': ['GST', 'GST'],
  'Asia/Karachi': ['PKT', 'PKT'],
  'Asia/Kathmandu': ['NPT', 'NPT'],
  'Asia/Singapore': ['SGT', 'SGT'],
  'Asia/Hong_Kong': ['HKT', 'HKT'],
  'Asia/Tokyo': ['JST', 'JST'],
  'Asia/Seoul': ['KST', 'KST'],
  'Australia/Sydney': ['AEST', 'AEDT'],
  'Australia/Melbourne': ['AEST', 'AEDT'],
  'Australia/Brisbane': ['AEST', 'AEST'],
  'Australia/Adelaide': ['ACST', 'ACDT'],
  'Australia/Perth': ['AWST', 'AWST'],
  'Pacific/Auckland': ['NZST', 'NZDT'],
  // Zones Intl names well too, here so that naming them needs no Intl (see TemporalApi).
  UTC: ['UTC', 'UTC'],
  'Etc/UTC': ['UTC', 'UTC'],
  'America/New_York': ['EST', 'EDT'],
  'America/Toronto': ['EST', 'EDT'],
  'America/Detroit': ['EST', 'EDT'],
  'America/Chicago': ['CST', 'CDT'],
  'America/Winnipeg': ['CST', 'CDT'],
  'America/Denver': ['MST', 'MDT'],
  'America/Edmonton': ['MST', 'MDT'],
  'America/Phoenix': ['MST', 'MST'],
  'America/Anchorage': ['AKST', 'AKDT'],
  'America/Halifax': ['AST', 'ADT'],
  'Pacific/Honolulu': ['HST', 'HST'],
};

/** "IST", "CET", "CEST", "PST", else what Intl gives ("GMT+3"). */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  const known = knownAbbreviations[timeZone];
  if (known) {
    const year = instant.getUTCFullYear();
    const standard = Math.min(
      zonedTime(new Date(Date.UTC(year, 0, 1)), timeZone).offset,
      zonedTime(new Date(Date.UTC(year, 6, 1)), timeZone).offset,
    );
    return zonedTime(instant, timeZone).offset > standard ? known[1] : known[0];
  }
  return intlZoneName(instant, timeZone);
}

/** Intl's own short name of a zone at an instant ("PST", "GMT+1", "GMT+5:30"); the runtime's zone when none is given. */
export function intlZoneName(instant: Date, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = abbreviationFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    abbreviationFormats.set(key, format);
  }
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value;
  return name ?? key;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time of day on a 12-hour clock: `digits` "9" or "9:30" (the pages'
 * short form), `hhmm` "9:00" or "9:30", and AM or PM.
 */
export function clockOf(minutesOfDay: number): {
  digits: string;
  hhmm: string;
  meridiem: 'AM' | 'PM';
} {
  const wrapped = ((minutesOfDay % 1440) + 1440) % 1440;
  const hour24 = Math.floor(wrapped / 60);
  const minute = wrapped % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return {
    digits: minute === 0 ? String(hour12) : `${hour12}:${pad(minute)}`,
    hhmm: `${hour12}:${pad(minute)}`,
    meridiem: hour24 < 12 ? 'AM' : 'PM',
  };
}

/**
 * From one time of day to another, the half of the day said once when both
 * share it: "9 to 11 AM", "11 AM to 1 PM" (joined by `to`), or with
 * `form: 'hhmm'` "9:00 – 11:00 AM".
 */
export function hoursText(
  startMinutes: number,
  endMinutes: number,
  to: string,
  form: 'digits' | 'hhmm' = 'digits',
): string {
  const start = clockOf(startMinutes);
  const end = clockOf(endMinutes);
  return start.meridiem === end.meridiem
    ? `${start[form]}${to}${end[form]} ${end.meridiem}`
    : `${start[form]} ${start.meridiem}${to}${end[form]} ${end.meridiem}`;
}

/** "Tue", "Tue & Thu", "Mon, Wed & Fri". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} & ${items.at(-1)}`;
}

/** "Jan 12", or with the year "Jan 12, 2027". */
export function dateText(
  date: { year: number; month: number; day: number },
  withYear = false,
): string {
  return `${MONTHS[date.month - 1]} ${date.day}${withYear ? `, ${date.year}` : ''}`;
}
