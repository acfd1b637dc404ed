/**
 * The workshop's clock: the time zone its sessions are set in and the days
 * of its week. Apart from sessions.ts (which re-exports them), so the
 * workshop page, which shows session times, loads these and not the session
 * rules and schemas of the back office.
 */
export const PACIFIC_TIME_ZONE = 'America/Los_Angeles';

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
