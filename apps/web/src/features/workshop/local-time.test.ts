import {
  expandWeeklySchedule,
  knownAbbreviations,
  pacificInstant,
  zoneAbbreviation,
  type Weekday,
} from '@wifi7/contract';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTimeZone, describeInTimeZone, type SessionTimes } from './local-time';

/** A batch's sessions as the schedule sends them: Pacific wall-clock times as UTC instants. */
function weekly(
  startsOn: string,
  weekdays: Weekday[],
  startTime: string,
  count = 15,
  minutes = 120,
): SessionTimes[] {
  return expandWeeklySchedule({ startsOn, weekdays, startTime, count }).map((wallClock) => {
    const start = pacificInstant(wallClock)!;
    return {
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
    };
  });
}

// The sample catalog's batches. Pacific Time springs forward on Sun Mar 14, 2027,
// Europe on Sun Mar 28, 2027; India keeps one offset all year.
const febPm = weekly('2027-02-08', ['Mon', 'Wed'], '19:00'); // Feb 8 – Mar 29, 2027
const janAm = weekly('2027-01-12', ['Tue', 'Thu'], '09:00'); // Jan 12 – Mar 2, 2027
const aprAm = weekly('2027-04-06', ['Tue', 'Thu'], '09:00'); // Apr 6 – May 25, 2027

// Browsers with Temporal take a zone's times from it, others from Intl: both must agree.
describe.each([
  ['Intl', undefined],
  ['Temporal', Temporal],
])('with %s', (_engine, temporal) => {
  beforeAll(() => {
    (globalThis as { Temporal?: unknown }).Temporal = temporal;
  });
  afterAll(() => {
    delete (globalThis as { Temporal?: unknown }).Temporal;
  });

  it('reads the browser’s zone', () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  describe('describeInTimeZone', () => {
    it('gives India the next morning, an hour earlier once Pacific Time springs forward', () => {
      expect(describeInTimeZone(febPm, 'Asia/Kolkata')).toBe(
        'Tue & Thu, 8:30 – 10:30 AM IST until Mar 11; 7:30 – 9:30 AM IST from Mar 16',
      );
    });

    it('follows both changes for Berlin: Pacific on Mar 14, Europe on Mar 28', () => {
      expect(describeInTimeZone(febPm, 'Europe/Berlin')).toBe(
        'Tue & Thu, 4 – 6 AM CET until Mar 11; 3 – 5 AM CET Mar 16 – Mar 25; Tue, 4 – 6 AM CEST on Mar 30',
      );
    });

    it('is one period when no change falls inside the batch', () => {
      expect(describeInTimeZone(aprAm, 'Asia/Kolkata')).toBe('Tue & Thu, 9:30 – 11:30 PM IST');
      expect(describeInTimeZone(janAm, 'Europe/Berlin')).toBe('Tue & Thu, 6 – 8 PM CET');
    });

    it('keeps the weekday when the hours cross noon or midnight', () => {
      expect(describeInTimeZone(janAm, 'America/New_York')).toBe('Tue & Thu, 12 – 2 PM EST');
      expect(describeInTimeZone(aprAm, 'Asia/Tokyo')).toBe('Wed & Fri, 1 – 3 AM JST');
      expect(describeInTimeZone(weekly('2027-01-12', ['Tue'], '10:30', 3), 'Asia/Kolkata')).toBe(
        'Wed, 12 – 2 AM IST',
      );
    });

    it('says an hour range across noon with both halves of the day', () => {
      expect(describeInTimeZone(janAm, 'America/Chicago')).toBe('Tue & Thu, 11 AM – 1 PM CST');
    });

    it('uses the zone’s own abbreviation where Intl has one', () => {
      expect(describeInTimeZone(febPm, 'America/New_York')).toBe(
        'Mon & Wed, 10 PM – 12 AM EST until Mar 10; 10 PM – 12 AM EDT from Mar 15',
      );
    });

    it('is hidden in Pacific Time and in zones that keep Pacific’s offsets', () => {
      expect(describeInTimeZone(febPm, 'America/Los_Angeles')).toBeNull();
      expect(describeInTimeZone(febPm, 'America/Vancouver')).toBeNull();
      expect(describeInTimeZone(febPm, 'America/Tijuana')).toBeNull();
    });

    it('is shown for a zone that matches Pacific Time only part of the time', () => {
      // Arizona keeps UTC−7: Pacific's offset only after Mar 14.
      expect(describeInTimeZone(febPm, 'America/Phoenix')).toBe(
        'Mon & Wed, 8 – 10 PM MST until Mar 10; 7 – 9 PM MST from Mar 15',
      );
    });

    it('says one session on its own date', () => {
      const oneAfterChange = weekly('2027-03-08', ['Mon'], '19:00', 2);
      expect(describeInTimeZone(oneAfterChange, 'Asia/Kolkata')).toBe(
        'Tue, 8:30 – 10:30 AM IST on Mar 9; 7:30 – 9:30 AM IST on Mar 16',
      );
    });

    it('keeps different hours on different weekdays in one period', () => {
      const tuesdays = weekly('2027-01-12', ['Tue'], '09:00', 3);
      const saturdays = weekly('2027-01-16', ['Sat'], '10:30', 3);
      const sessions = [...tuesdays, ...saturdays].sort((a, b) =>
        a.startsAt.localeCompare(b.startsAt),
      );
      expect(describeInTimeZone(sessions, 'Asia/Kolkata')).toBe(
        'Tue, 10:30 PM – 12:30 AM and Sun, 12 – 2 AM IST',
      );
    });

    it('covers a change back to standard time in the autumn', () => {
      const autumn = weekly('2027-10-26', ['Tue', 'Thu'], '09:00', 6); // Europe Oct 31, Pacific Nov 7
      expect(describeInTimeZone(autumn, 'Europe/London')).toBe(
        'Tue & Thu, 5 – 7 PM BST until Oct 28; 4 – 6 PM GMT Nov 2 – Nov 4; 5 – 7 PM GMT from Nov 9',
      );
    });

    it('is null with no sessions or an unknown zone', () => {
      expect(describeInTimeZone([], 'Asia/Kolkata')).toBeNull();
      expect(describeInTimeZone(febPm, 'Not/AZone')).toBeNull();
    });
  });

  describe('zoneAbbreviation', () => {
    it('names summer and winter time from the table, else from Intl', () => {
      expect(zoneAbbreviation(new Date('2027-01-15T12:00Z'), 'Europe/Berlin')).toBe('CET');
      expect(zoneAbbreviation(new Date('2027-07-15T12:00Z'), 'Europe/Berlin')).toBe('CEST');
      expect(zoneAbbreviation(new Date('2027-07-15T12:00Z'), 'Europe/London')).toBe('BST');
      expect(zoneAbbreviation(new Date('2027-07-15T12:00Z'), 'Asia/Kolkata')).toBe('IST');
      expect(zoneAbbreviation(new Date('2027-01-15T12:00Z'), 'Australia/Sydney')).toBe('AEDT');
      expect(zoneAbbreviation(new Date('2027-07-15T12:00Z'), 'America/Denver')).toBe('MDT');
      expect(zoneAbbreviation(new Date('2027-07-15T12:00Z'), 'Asia/Riyadh')).toBe('GMT+3');
    });
  });
});

describe('the table of zone abbreviations', () => {
  it('agrees with Intl, winter and summer, wherever Intl has a name of letters', () => {
    for (const timeZone of Object.keys(knownAbbreviations)) {
      for (const instant of [new Date('2027-01-15T12:00Z'), new Date('2027-07-15T12:00Z')]) {
        const intl = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
          .formatToParts(instant)
          .find((part) => part.type === 'timeZoneName')!.value;
        if (intl.startsWith('GMT')) continue;
        expect(zoneAbbreviation(instant, timeZone), `${timeZone} ${instant.toISOString()}`).toBe(
          intl,
        );
      }
    }
  });
});
