/**
 * A batch's sessions as instants: the seller writes them as Pacific
 * wall-clock times (`YYYY-MM-DDTHH:mm`), so a 9:00 AM session stays at
 * 9:00 AM on both sides of a daylight-saving change; the instant each
 * names, and the words for it, come from the contract's wall-clock library.
 */
import {
  dateText,
  hoursText,
  PACIFIC_TIME_ZONE,
  pacificInstant,
  WEEKDAYS,
  zoneAbbreviation,
  zonedTime,
} from '@wifi7/contract';

export interface Session {
  /** 1-based, in the order the seller listed them. */
  number: number;
  start: Date;
  end: Date;
}

/** The batch's sessions as instants; a start that is not a Pacific wall-clock time is refused. */
export function sessionsOf(starts: readonly string[], minutes: number): Session[] {
  return starts.map((wallClock, index) => {
    const start = pacificInstant(wallClock);
    if (!start) throw new RangeError(`Not a Pacific wall-clock time: ${wallClock}`);
    return { number: index + 1, start, end: new Date(start.getTime() + minutes * 60_000) };
  });
}

/** e.g. "Tue, Jan 12, 2027, 9:00 – 11:00 AM PST" (the zone's abbreviation tells PST from PDT). */
export function describeSession(session: Session): string {
  const start = zonedTime(session.start, PACIFIC_TIME_ZONE);
  const end = zonedTime(session.end, PACIFIC_TIME_ZONE);
  const hours = hoursText(
    start.hour * 60 + start.minute,
    end.hour * 60 + end.minute,
    ' – ',
    'hhmm',
  );
  const zone = zoneAbbreviation(session.end, PACIFIC_TIME_ZONE);
  return `${WEEKDAYS[start.weekday]}, ${dateText(start, true)}, ${hours} ${zone}`;
}
