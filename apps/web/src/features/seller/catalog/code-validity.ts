/**
 * When a discount code works, in words a seller cannot misread. The server
 * takes `validFrom` as the first instant it works and `validUntil` as the
 * first instant it no longer does (exclusive), so an end at midnight
 * Pacific Time is the end of the day before: "Until the end of Mon, Jan 4,
 * 2027 (PT)", never "Until Tue, Jan 5, 12:00 AM".
 */
import { describeSession, pacificWallClockOf, sessionDate } from '@wifi7/contract';

const MIDNIGHT = 'T00:00';

/** The day before a `YYYY-MM-DD` date, as a Pacific wall-clock midnight. */
function dayBefore(date: string): string {
  const previous = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000);
  return `${previous.toISOString().slice(0, 10)}${MIDNIGHT}`;
}

function startText(iso: string): string {
  const wall = pacificWallClockOf(new Date(iso));
  const { day, time } = describeSession(wall);
  return wall.endsWith(MIDNIGHT) ? `From the start of ${day} (PT)` : `From ${day}, ${time} PT`;
}

function endText(iso: string): string {
  const wall = pacificWallClockOf(new Date(iso));
  if (wall.endsWith(MIDNIGHT)) {
    return `Until the end of ${describeSession(dayBefore(sessionDate(wall))).day} (PT)`;
  }
  const { day, time } = describeSession(wall);
  return `Ends ${day}, ${time} PT`;
}

/** The lines that say when a code works: "Always", or when it starts and when it ends. */
export function validityLines(code: { validFrom: string | null; validUntil: string | null }) {
  const lines = [
    ...(code.validFrom ? [startText(code.validFrom)] : []),
    ...(code.validUntil ? [endText(code.validUntil)] : []),
  ];
  return lines.length > 0 ? lines : ['Always'];
}
