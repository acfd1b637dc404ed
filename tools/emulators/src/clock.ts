/**
 * The emulators read the time through a clock so tests can move it (expire
 * a token, age a signed timestamp) without waiting.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** RFC 3339 in UTC without milliseconds, as PayPal writes times: 2025-01-31T09:15:00Z. */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The UTC calendar date, YYYY-MM-DD. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
