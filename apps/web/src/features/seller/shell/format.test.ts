import { afterEach, describe, expect, it, vi } from 'vitest';

/** The formatters read the zone when they load, so each test loads them afresh in its zone. */
async function formatIn(timeZone: string) {
  vi.stubEnv('TZ', timeZone);
  vi.resetModules();
  return import('./format');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the back office times', () => {
  it('writes a moment with its time and the zone it is read in', async () => {
    const { formatDateTime, formatDate, formatTime } = await formatIn('America/Los_Angeles');
    const moment = '2027-01-05T03:30:00Z';
    expect(formatDateTime(moment)).toBe('Jan 4, 2027, 7:30 PM PST');
    expect(formatDate(moment)).toBe('Jan 4, 2027');
    expect(formatTime(moment)).toBe('7:30 PM PST');
  });

  it("follows the seller's zone", async () => {
    const { formatDateTime } = await formatIn('UTC');
    expect(formatDateTime('2027-07-05T03:30:00Z')).toBe('Jul 5, 2027, 3:30 AM UTC');
  });
});
