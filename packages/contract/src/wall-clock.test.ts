import { describe, expect, it } from 'vitest';
import {
  addDays,
  momentText,
  pacificDate,
  pacificDayBounds,
  pacificWallClockOf,
} from './wall-clock';
import { clockOf, hoursText, listText, zoneAbbreviation, zonedTime } from './zoned-time';

describe('the wall clock', () => {
  it('tells the Pacific date and hour of an instant, and the bounds of a day', () => {
    expect(pacificDate(new Date('2027-01-13T07:59:00Z'))).toBe('2027-01-12');
    expect(pacificDate(new Date('2027-01-13T08:00:00Z'))).toBe('2027-01-13');
    expect(zonedTime(new Date('2027-07-01T14:00:00Z'), 'America/Los_Angeles').hour).toBe(7);
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    // The day daylight saving starts has 23 hours.
    const { from, to } = pacificDayBounds('2027-03-14');
    expect(from.toISOString()).toBe('2027-03-14T08:00:00.000Z');
    expect(to.toISOString()).toBe('2027-03-15T07:00:00.000Z');
  });

  it('reads an instant on any zone’s clock, with its offset', () => {
    expect(zonedTime(new Date('2027-01-12T17:00:00Z'), 'Asia/Kolkata')).toEqual({
      year: 2027,
      month: 1,
      day: 12,
      weekday: 1,
      hour: 22,
      minute: 30,
      offset: 330,
    });
    expect(pacificWallClockOf(new Date('2027-11-07T09:30:00Z'))).toBe('2027-11-07T01:30');
  });

  it('says hours, lists and moments the way the pages and e-mails do', () => {
    expect(clockOf(9 * 60)).toEqual({ digits: '9', hhmm: '9:00', meridiem: 'AM' });
    expect(clockOf(0).hhmm).toBe('12:00');
    expect(hoursText(9 * 60, 11 * 60, ' to ')).toBe('9 to 11 AM');
    expect(hoursText(11 * 60, 13 * 60, ' – ', 'hhmm')).toBe('11:00 AM – 1:00 PM');
    expect(listText(['Mon', 'Wed', 'Fri'])).toBe('Mon, Wed & Fri');
    expect(momentText(new Date('2027-01-07T17:00:00Z'), 'America/Los_Angeles')).toBe(
      'Thu, Jan 7, 9:00 AM',
    );
    expect(zoneAbbreviation(new Date('2027-07-06T16:30:00Z'), 'America/Los_Angeles')).toBe('PDT');
  });
});
