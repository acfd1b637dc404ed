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
import {
  dateText,
  hoursText,
  listText,
  PACIFIC_TIME_ZONE,
  runtimeTimeZone,
  WEEKDAYS,
  zoneAbbreviation,
  zonedTime,
  type ZonedTime,
} from '@wifi7/contract';

export interface SessionTimes {
  /** ISO 8601 instants. */
  startsAt: string;
  endsAt: string;
}

const minutesOfDay = (time: ZonedTime) => time.hour * 60 + time.minute;
/** "8:30 – 10:30 AM", "11 AM – 1 PM". */
const localHours = (start: ZonedTime, end: ZonedTime) =>
  hoursText(minutesOfDay(start), minutesOfDay(end), ' – ');

interface Period {
  abbreviation: string;
  /** Minutes the visitor's zone is ahead of Pacific Time. */
  aheadOfPacific: number;
  /** The local hours of each local weekday in this period. */
  hoursByWeekday: Map<number, string>;
  starts: ZonedTime[];
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
  if (period.starts.length === 1) return ` on ${dateText(first)}`;
  if (index === 0) return ` until ${dateText(last)}`;
  if (index === count - 1) return ` from ${dateText(first)}`;
  return ` ${dateText(first)} – ${dateText(last)}`;
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
      const start = zonedTime(startsAt, timeZone);
      const end = zonedTime(endsAt, timeZone);
      const pacificOffset = zonedTime(startsAt, PACIFIC_TIME_ZONE).offset;
      if (
        start.offset !== pacificOffset ||
        end.offset !== zonedTime(endsAt, PACIFIC_TIME_ZONE).offset
      )
        samePacificOffsets = false;

      const abbreviation = zoneAbbreviation(startsAt, timeZone);
      const aheadOfPacific = start.offset - pacificOffset;
      const hours = localHours(start, end);
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
export const browserTimeZone = runtimeTimeZone;
