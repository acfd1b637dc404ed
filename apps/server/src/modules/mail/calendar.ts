/**
 * The batch's sessions as an iCalendar file (RFC 5545) for the buyer's
 * calendar. Times are written as Pacific wall-clock times with
 * `TZID=America/Los_Angeles`, and the file carries that zone's VTIMEZONE
 * (standard and daylight rules), so every calendar program places a
 * session at the right instant on either side of a daylight-saving change
 * and shows it in the reader's own time zone.
 */
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { type Session, WORKSHOP_ZONE } from './pacific-time';

export interface SessionsCalendar {
  productName: string;
  batchId: string;
  orderId: string;
  sessions: Session[];
  coursesPortalUrl: string;
  /** Makes each event's UID unique to this site, e.g. workshop.example.com. */
  uidDomain: string;
  /** When the file was made (DTSTAMP): the moment the order was paid. */
  issuedAt: Date;
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
    prodId: { company: 'Wi-Fi 7 Workshop', product: 'enrolment', language: 'EN' },
    name: input.productName,
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone: DTSTAMP must stay in UTC. Each event names its zone, and the
    // generator adds that zone's VTIMEZONE once.
    timezone: { name: null, generator: pacificVtimezone },
  });
  const total = input.sessions.length;
  for (const session of input.sessions) {
    calendar.createEvent({
      id: `${input.orderId}-${session.number}@${input.uidDomain}`,
      // Written as Pacific wall-clock times under TZID, which the VTIMEZONE above defines.
      start: session.start,
      end: session.end,
      timezone: WORKSHOP_ZONE,
      stamp: input.issuedAt,
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
