/**
 * Until when an offered seat is held, as a buyer reads it: in Pacific Time,
 * the workshop's own zone, and in their own zone when that differs, e.g.
 * "Thu, Jan 7, 9:00 AM Pacific Time (Thu, Jan 7, 6:00 PM your time, GMT+1)".
 */
import { intlZoneName, momentText, PACIFIC_TIME_ZONE, runtimeTimeZone } from '@wifi7/contract';

export interface HeldUntil {
  /** "Thu, Jan 7, 9:00 AM Pacific Time". */
  pacific: string;
  /** "Thu, Jan 7, 6:00 PM your time, GMT+1"; null when the buyer's zone shows the same time. */
  local: string | null;
}

export function heldUntil(iso: string, localZone?: string): HeldUntil | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const pacific = momentText(at, PACIFIC_TIME_ZONE);
  const local = momentText(at, localZone ?? runtimeTimeZone() ?? 'UTC');
  const zoneName = intlZoneName(at, localZone);
  return {
    pacific: `${pacific} Pacific Time`,
    local: local === pacific ? null : `${local} your time${zoneName ? `, ${zoneName}` : ''}`,
  };
}

/** The whole phrase: "Thu, Jan 7, 9:00 AM Pacific Time (Thu, Jan 7, 6:00 PM your time, GMT+1)". */
export function heldUntilText(iso: string, localZone?: string): string {
  const held = heldUntil(iso, localZone);
  if (!held) return '';
  return held.local ? `${held.pacific} (${held.local})` : held.pacific;
}
