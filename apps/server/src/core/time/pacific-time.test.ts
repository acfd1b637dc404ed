import { describe, expect, it } from 'vitest';
import { describeSession, sessionsOf } from './pacific-time';

describe('Pacific Time', () => {
  it('places a 9:00 AM session at 17:00Z in winter and 16:00Z in summer', () => {
    // Daylight saving starts on Sunday, March 14, 2027 and ends on Sunday, November 7, 2027.
    const sessions = sessionsOf(
      ['2027-03-11T09:00', '2027-03-16T09:00', '2027-11-04T09:00', '2027-11-09T09:00'],
      120,
    );
    expect(sessions.map((session) => session.start.toISOString())).toEqual([
      '2027-03-11T17:00:00.000Z',
      '2027-03-16T16:00:00.000Z',
      '2027-11-04T16:00:00.000Z',
      '2027-11-09T17:00:00.000Z',
    ]);
    expect(sessions.map((session) => session.end.toISOString())).toEqual([
      '2027-03-11T19:00:00.000Z',
      '2027-03-16T18:00:00.000Z',
      '2027-11-04T18:00:00.000Z',
      '2027-11-09T19:00:00.000Z',
    ]);
    expect(sessions.map((session) => session.number)).toEqual([1, 2, 3, 4]);
  });

  it('describes a session with its day, times and PST or PDT', () => {
    const [winter, summer, evening, noon] = sessionsOf(
      ['2027-01-12T09:00', '2027-04-06T09:00', '2027-02-08T19:00', '2027-02-09T11:00'],
      120,
    );
    expect(describeSession(winter!)).toBe('Tue, Jan 12, 2027, 9:00 – 11:00 AM PST');
    expect(describeSession(summer!)).toBe('Tue, Apr 6, 2027, 9:00 – 11:00 AM PDT');
    expect(describeSession(evening!)).toBe('Mon, Feb 8, 2027, 7:00 – 9:00 PM PST');
    expect(describeSession(noon!)).toBe('Tue, Feb 9, 2027, 11:00 AM – 1:00 PM PST');
  });

  it('refuses a start that is not a wall-clock time', () => {
    expect(() => sessionsOf(['2027-01-12 09:00'], 120)).toThrow(RangeError);
    expect(() => sessionsOf(['2027-02-30T09:00'], 120)).toThrow(RangeError);
  });
});
