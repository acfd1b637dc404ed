/**
 * A batch's sessions in the visitor's own time zone, beside the spec's
 * "Timezone: Pacific Time" (beyond the spec). Sessions are held in Pacific
 * wall-clock time, so their hours elsewhere move whenever Pacific Time or
 * the visitor's zone changes to or from daylight saving time, on different
 * dates. The sessions are therefore grouped into periods that share the
 * local hours and zone abbreviation, each with the dates it covers:
 *
 *   "Tue & Thu, 8:30 – 10:30 AM IST until Mar 11; 7:30 – 9:30 AM IST from Mar 16"
 *
 * Weekdays and dates are the visitor's own (a Monday evening in California
 * is a Tuesday morning in India). Nothing here reads the machine's zone: the
 * zone is always passed in.
 */
import { PACIFIC_TIME_ZONE, WEEKDAYS } from '@wifi7/contract';

export interface SessionTimes {
  /** ISO 8601 instants. */
  startsAt: string;
  endsAt: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

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

interface Zoned {
  /** "2027-03-11", the local calendar day. */
  day: string;
  month: number;
  date: number;
  /** Index into WEEKDAYS (Mon = 0). */
  weekday: number;
  minutesOfDay: number;
  /** Minutes ahead of UTC. */
  offset: number;
}

/**
 * The parts of Temporal read here. Where the browser has it, a zone's
 * offsets and wall-clock times come from Temporal: the first
 * Intl.DateTimeFormat a page makes loads the locale's date patterns, which
 * holds a phone's main thread for about a tenth of a second, while Temporal
 * answers the same in a millisecond. Elsewhere Intl answers.
 */
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

function abbreviationFormatFor(timeZone: string): Intl.DateTimeFormat {
  let format = abbreviationFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    abbreviationFormats.set(timeZone, format);
  }
  return format;
}

/** `instant` on the wall clock of `timeZone`; a RangeError for a zone that does not exist. */
function zoned(instant: Date, timeZone: string): Zoned {
  const api = temporal();
  return api ? zonedByTemporal(api, instant, timeZone) : zonedByIntl(instant, timeZone);
}

function zonedByTemporal(api: TemporalApi, instant: Date, timeZone: string): Zoned {
  const local = api.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
  return {
    day: `${local.year}-${local.month}-${local.day}`,
    month: local.month,
    date: local.day,
    weekday: local.dayOfWeek - 1,
    minutesOfDay: local.hour * 60 + local.minute,
    offset: Math.round(local.offsetNanoseconds / 60e9),
  };
}

function zonedByIntl(instant: Date, timeZone: string): Zoned {
  const parts: Record<string, string> = {};
  for (const part of formatFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const date = Number(parts.day);
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  const flooredInstant = Math.floor(instant.getTime() / 60_000) * 60_000;
  return {
    day: `${year}-${month}-${date}`,
    month,
    date,
    weekday: WEEKDAYS.indexOf(parts.weekday as (typeof WEEKDAYS)[number]),
    minutesOfDay: hour * 60 + minute,
    offset: Math.round((wall - flooredInstant) / 60_000),
  };
}

/** "IST", "CET", "CEST", "EST", else what Intl gives ("GMT+3"). */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  const known = knownAbbreviations[timeZone];
  if (known) {
    const year = instant.getUTCFullYear();
    const standard = Math.min(
      zoned(new Date(Date.UTC(year, 0, 1)), timeZone).offset,
      zoned(new Date(Date.UTC(year, 6, 1)), timeZone).offset,
    );
    return zoned(instant, timeZone).offset > standard ? known[1] : known[0];
  }
  const name = abbreviationFormatFor(timeZone)
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name ?? timeZone;
}

function clockOf(minutesOfDay: number): { digits: string; meridiem: 'AM' | 'PM' } {
  const wrapped = ((minutesOfDay % 1440) + 1440) % 1440;
  const hour24 = Math.floor(wrapped / 60);
  const minute = wrapped % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return {
    digits: minute === 0 ? String(hour12) : `${hour12}:${String(minute).padStart(2, '0')}`,
    meridiem: hour24 < 12 ? 'AM' : 'PM',
  };
}

/** "8:30 – 10:30 AM", "11 AM – 1 PM". */
function hoursText(startMinutes: number, endMinutes: number): string {
  const start = clockOf(startMinutes);
  const end = clockOf(endMinutes);
  return start.meridiem === end.meridiem
    ? `${start.digits} – ${end.digits} ${end.meridiem}`
    : `${start.digits} ${start.meridiem} – ${end.digits} ${end.meridiem}`;
}

/** "Tue", "Tue & Thu", "Mon, Wed & Fri". */
function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} & ${items.at(-1)}`;
}

const dayText = (local: Zoned) => `${MONTHS[local.month - 1]} ${local.date}`;

interface Period {
  abbreviation: string;
  /** Minutes the visitor's zone is ahead of Pacific Time. */
  aheadOfPacific: number;
  /** The local hours of each local weekday in this period. */
  hoursByWeekday: Map<number, string>;
  starts: Zoned[];
}

/** Weekday groups of a period, in week order: "Tue & Thu, 8:30 – 10:30 AM". */
function groupsOf(period: Period): { weekdays: string; hours: string }[] {
  const byHours = new Map<string, number[]>();
  for (const weekday of [...period.hoursByWeekday.keys()].sort((a, b) => a - b)) {
    const hours = period.hoursByWeekday.get(weekday)!;
    byHours.set(hours, [...(byHours.get(hours) ?? []), weekday]);
  }
  return [...byHours].map(([hours, weekdays]) => ({
    weekdays: listText(weekdays.map((weekday) => WEEKDAYS[weekday]!)),
    hours,
  }));
}

function datesText(period: Period, index: number, count: number): string {
  if (count === 1) return '';
  const first = period.starts[0]!;
  const last = period.starts.at(-1)!;
  if (period.starts.length === 1) return ` on ${dayText(first)}`;
  if (index === 0) return ` until ${dayText(last)}`;
  if (index === count - 1) return ` from ${dayText(first)}`;
  return ` ${dayText(first)} – ${dayText(last)}`;
}

/**
 * The sessions' weekdays and hours in `timeZone`, e.g. "Tue & Thu, 8:30 –
 * 10:30 AM IST until Mar 11; 7:30 – 9:30 AM IST from Mar 16"; null when
 * there is nothing to add to Pacific Time (no sessions, or the zone keeps
 * Pacific's offset at every session) or the zone is unknown.
 */
export function describeInTimeZone(
  sessions: readonly SessionTimes[],
  timeZone: string,
): string | null {
  if (sessions.length === 0 || timeZone === PACIFIC_TIME_ZONE) return null;
  try {
    const periods: Period[] = [];
    let samePacificOffsets = true;
    for (const session of sessions) {
      const startsAt = new Date(session.startsAt);
      const endsAt = new Date(session.endsAt);
      const start = zoned(startsAt, timeZone);
      const end = zoned(endsAt, timeZone);
      const pacificOffset = zoned(startsAt, PACIFIC_TIME_ZONE).offset;
      if (start.offset !== pacificOffset || end.offset !== zoned(endsAt, PACIFIC_TIME_ZONE).offset)
        samePacificOffsets = false;

      const abbreviation = zoneAbbreviation(startsAt, timeZone);
      const aheadOfPacific = start.offset - pacificOffset;
      const hours = hoursText(start.minutesOfDay, end.minutesOfDay);
      const current = periods.at(-1);
      const known = current?.hoursByWeekday.get(start.weekday);
      if (
        current &&
        current.abbreviation === abbreviation &&
        current.aheadOfPacific === aheadOfPacific &&
        (known === undefined || known === hours)
      ) {
        current.hoursByWeekday.set(start.weekday, hours);
        current.starts.push(start);
      } else {
        periods.push({
          abbreviation,
          aheadOfPacific,
          hoursByWeekday: new Map([[start.weekday, hours]]),
          starts: [start],
        });
      }
    }
    if (samePacificOffsets) return null;

    let previousWeekdays: string | null = null;
    return periods
      .map((period, index) => {
        const groups = groupsOf(period);
        const only = groups.length === 1 ? groups[0]! : null;
        // The weekdays are said once while they stay the same.
        const hours =
          only && only.weekdays === previousWeekdays
            ? only.hours
            : groups.map((group) => `${group.weekdays}, ${group.hours}`).join(' and ');
        previousWeekdays = only?.weekdays ?? null;
        return `${hours} ${period.abbreviation}${datesText(period, index, periods.length)}`;
      })
      .join('; ');
  } catch (error) {
    if (error instanceof RangeError) return null; // An unknown zone name.
    throw error;
  }
}

/** The browser's time zone, e.g. "Asia/Kolkata"; undefined when it cannot say. */
export function browserTimeZone(): string | undefined {
  const api = temporal();
  if (api) return api.Now.timeZoneId() || undefined;
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
