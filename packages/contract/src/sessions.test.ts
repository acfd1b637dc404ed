import { describe, expect, it } from 'vitest';
import {
  composeBatchDescription,
  describeSession,
  describeSessions,
  expandWeeklySchedule,
  regionOfDescription,
  regionSchema,
  sessionProblems,
} from './sessions';
import { pacificInstant } from './wall-clock';

describe('expandWeeklySchedule', () => {
  it('gives 15 sessions on the listed weekdays from the first day', () => {
    const sessions = expandWeeklySchedule({
      startsOn: '2027-01-12',
      weekdays: ['Tue', 'Thu'],
      startTime: '09:00',
    });
    expect(sessions).toHaveLength(15);
    expect(sessions.slice(0, 3)).toEqual([
      '2027-01-12T09:00',
      '2027-01-14T09:00',
      '2027-01-19T09:00',
    ]);
    expect(sessions.at(-1)).toBe('2027-03-02T09:00');
  });

  it('starts on the first listed weekday on or after the first day', () => {
    const sessions = expandWeeklySchedule({
      startsOn: '2027-01-10',
      weekdays: ['Wed', 'Mon'],
      startTime: '19:00',
    });
    expect(sessions[0]).toBe('2027-01-11T19:00');
    expect(sessions[1]).toBe('2027-01-13T19:00');
  });

  it('keeps 9:00 AM Pacific across the change to daylight saving time (2027-03-14)', () => {
    const sessions = expandWeeklySchedule({
      startsOn: '2027-03-01',
      weekdays: ['Mon', 'Wed', 'Fri'],
      startTime: '09:00',
    });
    expect(sessions.every((session) => session.endsWith('T09:00'))).toBe(true);
    expect(sessions.some((session) => session < '2027-03-14')).toBe(true);
    expect(sessions.some((session) => session > '2027-03-14')).toBe(true);
    // The same wall-clock time is a different instant on either side of the change.
    expect(pacificInstant('2027-03-12T09:00')?.toISOString()).toBe('2027-03-12T17:00:00.000Z');
    expect(pacificInstant('2027-03-15T09:00')?.toISOString()).toBe('2027-03-15T16:00:00.000Z');
    expect(sessionProblems(sessions, 120)).toEqual([]);
  });

  it('crosses months and years', () => {
    const sessions = expandWeeklySchedule({
      startsOn: '2027-12-20',
      weekdays: ['Mon', 'Wed'],
      startTime: '09:00',
    });
    expect(sessions.at(-1)).toBe('2028-02-07T09:00');
  });
});

describe('pacificInstant', () => {
  it('is null for the hour the clocks skip, and the first of a repeated hour', () => {
    expect(pacificInstant('2027-03-14T02:30')).toBeNull();
    expect(pacificInstant('2027-03-14T03:00')?.toISOString()).toBe('2027-03-14T10:00:00.000Z');
    expect(pacificInstant('2027-11-07T01:30')?.toISOString()).toBe('2027-11-07T08:30:00.000Z');
    expect(pacificInstant('2027-02-30T09:00')).toBeNull();
    expect(pacificInstant('2027-01-12 09:00')).toBeNull();
  });
});

describe('sessionProblems', () => {
  const fifteen = expandWeeklySchedule({
    startsOn: '2027-01-12',
    weekdays: ['Tue', 'Thu'],
    startTime: '09:00',
  });

  it('accepts 15 sessions in order', () => {
    expect(sessionProblems(fifteen, 120)).toEqual([]);
  });

  it('names each problem', () => {
    expect(sessionProblems(fifteen.slice(1), 120)).toEqual([
      'A batch has 15 sessions; 14 were given.',
    ]);
    const broken = [...fifteen];
    broken[2] = '2027-01-13T09:00';
    broken[4] = '2027-13-01T09:00';
    broken[6] = '2027-03-14T02:30';
    expect(sessionProblems(broken, 120)).toEqual([
      'Session 3 (2027-01-13T09:00) must start after session 2 has ended.',
      'Session 5 (2027-13-01T09:00) is not a date and time such as 2027-01-12T09:00.',
      'Session 7 (2027-03-14T02:30) does not exist in Pacific Time: the clocks skip that hour.',
      'Session 8 (2027-02-04T09:00) must start after session 7 has ended.',
    ]);
  });

  it('refuses a session that starts before the one before it ends', () => {
    const close = [...fifteen];
    close[1] = '2027-01-12T10:30';
    expect(sessionProblems(close, 120)).toEqual([
      'Session 2 (2027-01-12T10:30) must start after session 1 has ended.',
    ]);
    expect(sessionProblems(close, 90)).toEqual([]);
  });
});

describe('the description', () => {
  const tueThu = expandWeeklySchedule({
    startsOn: '2027-01-12',
    weekdays: ['Tue', 'Thu'],
    startTime: '09:00',
  });

  it('follows from the sessions, in the form the buyers’ page reads', () => {
    expect(composeBatchDescription('Americas', tueThu, 120)).toBe(
      'Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
    );
    const evenings = expandWeeklySchedule({
      startsOn: '2027-02-08',
      weekdays: ['Mon', 'Wed'],
      startTime: '19:00',
    });
    expect(composeBatchDescription('Asia-Pacific', evenings, 120)).toBe(
      'Feb 8 - Mar 29, 2027 (Asia-Pacific) -- Mon & Wed, 7 to 9 PM Pacific Time',
    );
  });

  it('says the hours across noon, with minutes, over a new year, and without a region', () => {
    const late = expandWeeklySchedule({
      startsOn: '2027-12-20',
      weekdays: ['Mon', 'Wed', 'Fri'],
      startTime: '11:30',
    });
    expect(describeSessions(late, 90)).toEqual({
      dates: 'Dec 20, 2027 - Jan 21, 2028',
      timing: 'Mon, Wed & Fri, 11:30 AM to 1 PM Pacific Time',
    });
    expect(composeBatchDescription('  ', tueThu, 60)).toBe(
      'Jan 12 - Mar 2, 2027 -- Tue & Thu, 9 to 10 AM Pacific Time',
    );
  });

  it('lists each start time when they differ', () => {
    const mixed = [...tueThu];
    mixed[14] = '2027-03-02T18:00';
    expect(describeSessions(mixed, 120)?.timing).toBe(
      'Tue & Thu, 9 to 11 AM or 6 to 8 PM Pacific Time',
    );
  });

  it('reads the region back, and keeps the separator out of it', () => {
    expect(regionOfDescription('Jan 12 - Mar 2, 2027 (Asia-Pacific) -- Mon')).toBe('Asia-Pacific');
    expect(regionOfDescription('Jan 12 - Mar 2, 2027 -- Mon (x)')).toBe('');
    expect(regionSchema.safeParse('Asia-Pacific').success).toBe(true);
    expect(regionSchema.safeParse('A -- B').success).toBe(false);
    expect(regionSchema.safeParse('(A)').success).toBe(false);
  });

  it('shows one session with its weekday', () => {
    expect(describeSession('2027-03-15T09:00')).toEqual({
      day: 'Mon, Mar 15, 2027',
      time: '9:00 AM',
    });
    expect(describeSession('2027-03-15T19:30').time).toBe('7:30 PM');
  });
});
