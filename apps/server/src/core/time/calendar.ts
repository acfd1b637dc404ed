/**
 * A batch's sessions as an iCalendar file (RFC 5545): the one maker of the
 * calendar, for the enrolment e-mail's attachment and for the public
 * `GET /api/batches/:batchId/calendar.ics` alike.
 *
 * Times are written as Pacific wall-clock times with
 * `TZID=America/Los_Angeles`, and the file carries that zone's VTIMEZONE
 * (standard and daylight rules), so every calendar program places a
 * session at the right instant on either side of a daylight-saving change
 * and shows it in the reader's own time zone.
 *
 * Each event's UID names the batch and the session, never the order or the
 * moment, so importing the attachment and later the link (or the link
 * twice) updates the same 15 events instead of adding 15 more.
 */
import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { PACIFIC_TIME_ZONE } from '@wifi7/contract';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { Session } from './pacific-time';

export interface SessionsCalendar {
  productName: string;
  batchId: string;
  sessions: Session[];
  coursesPortalUrl: string;
  /** Makes each event's UID unique to this site: the site's host, e.g. workshop.example.com. */
  uidDomain: string;
  /**
   * DTSTAMP: a moment that changes only when the file may have changed
   * (the batch's last update, or when the order was paid), so the same
   * batch gives the same file.
   */
  stamp: Date;
}

/** The UID of a batch's session: the same in every file made for the batch. */
export function sessionUid(batchId: string, sessionNumber: number, uidDomain: string): string {
  return `${batchId}-session-${sessionNumber}@${uidDomain}`;
}

/** The calendar file's name, made only of letters, digits and dashes. */
export function calendarFilename(batchId: string): string {
  return `sessions-${batchId.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}.ics`;
}

/** The zone's rules only: the link to tzurl.org that the data carries is left out. */
function pacificVtimezone(zone: string): string | null {
  const component = getVtimezoneComponent(zone);
  return (
    component
      ?.split(/\r?\n/)
      .filter((line) => !line.startsWith('TZURL'))
      .join('\r\n') ?? null
  );
}

export function sessionsCalendar(input: SessionsCalendar): string {
  const calendar = ical({
    prodId: { company: 'Wi-Fi 7 Workshop', product: 'sessions', language: 'EN' },
    name: input.productName,
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone: DTSTAMP must stay in UTC. Each event names its zone, and the
    // generator adds that zone's VTIMEZONE once.
    timezone: { name: null, generator: pacificVtimezone },
  });
  const total = input.sessions.length;
  for (const session of input.sessions) {
    calendar.createEvent({
      id: sessionUid(input.batchId, session.number, input.uidDomain),
      // Written as Pacific wall-clock times under TZID, which the VTIMEZONE above defines.
      // ical-generator reads a plain Date's wall clock in the machine's own zone; a TZDate
      // (its documented zone-aware date) carries the zone with the instant.
      start: new TZDate(session.start, PACIFIC_TIME_ZONE),
      end: new TZDate(session.end, PACIFIC_TIME_ZONE),
      timezone: PACIFIC_TIME_ZONE,
      stamp: input.stamp,
      summary: `${input.productName} — session ${session.number} of ${total}`,
      description:
        `Live session ${session.number} of ${total} (batch ${input.batchId}). ` +
        `Join from the courses portal, under "My Courses": ${input.coursesPortalUrl}`,
      location: input.coursesPortalUrl,
      url: input.coursesPortalUrl,
    });
  }
  return calendar.toString();
}
