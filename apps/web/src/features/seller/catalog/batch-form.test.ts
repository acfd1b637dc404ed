import { expandWeeklySchedule, type SellerBatch } from '@wifi7/contract';
import { describe, expect, it } from 'vitest';
import {
  batchFormSchema,
  batchFormValues,
  createRequestOf,
  previewDescription,
  updateRequestOf,
  weeklyScheduleOf,
  type BatchFormValues,
} from './batch-form';

const sessions = expandWeeklySchedule({
  startsOn: '2027-01-12',
  weekdays: ['Tue', 'Thu'],
  startTime: '09:00',
});

const batch: SellerBatch = {
  id: 'WIFI7-2027-01-AM',
  workshopSku: 'WIFI7-LIVE',
  workshopName: 'Wi-Fi 7 Live',
  description: 'Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
  region: 'Americas',
  startsOn: '2027-01-12',
  sessionStarts: sessions,
  sessionMinutes: 120,
  seatCapacity: 40,
  seats: { sold: 3, held: 1, taken: 4, free: 36 },
  status: 'open',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const withSessions = (values: BatchFormValues, starts: string[]): BatchFormValues => ({
  ...values,
  sessions: starts.map((start) => ({ start })),
});

describe('the batch form', () => {
  it('starts from the batch, and makes the update request from the text it holds', () => {
    const values = { ...batchFormValues(batch), seatCapacity: ' 45 ', region: ' Americas ' };
    const parsed = batchFormSchema('edit').safeParse(values);
    expect(parsed.success).toBe(true);
    expect(updateRequestOf(parsed.data!)).toEqual({
      region: 'Americas',
      sessionStarts: sessions,
      sessionMinutes: 120,
      seatCapacity: 45,
      status: 'open',
    });
  });

  it('starts a new batch with 15 empty sessions, and needs an id for it', () => {
    const blank = batchFormValues(undefined, 'WIFI7-LIVE');
    expect(blank.sessions).toHaveLength(15);
    expect(blank.workshopSku).toBe('WIFI7-LIVE');
    const missingId = batchFormSchema('create').safeParse(withSessions(blank, sessions));
    expect(missingId.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['id']);
    const parsed = batchFormSchema('create').safeParse({
      ...withSessions(blank, sessions),
      id: 'B-NEW',
      region: 'India',
    });
    expect(createRequestOf(parsed.data!)).toMatchObject({
      id: 'B-NEW',
      workshopSku: 'WIFI7-LIVE',
      region: 'India',
    });
  });

  it('puts each session problem next to its session', () => {
    const starts = [...sessions];
    starts[3] = '2027-03-14T02:30';
    starts[4] = '';
    const parsed = batchFormSchema('edit').safeParse(withSessions(batchFormValues(batch), starts));
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [
        'sessions.3.start',
        'Session 4 (2027-03-14T02:30) does not exist in Pacific Time: the clocks skip that hour.',
      ],
      ['sessions.4.start', 'Session 5 () is not a date and time such as 2027-01-12T09:00.'],
      ['sessions.5.start', 'Session 6 (2027-01-28T09:00) must start after session 4 has ended.'],
    ]);
  });

  it('refuses seats and session lengths that are not whole numbers in range', () => {
    const parsed = batchFormSchema('edit').safeParse({
      ...batchFormValues(batch),
      seatCapacity: '4.5',
      sessionMinutes: '600',
    });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'Seats must be a whole number.',
      'Session length must be from 15 to 480.',
    ]);
  });

  it('previews the description buyers will see, once the sessions fit', () => {
    const values = { ...batchFormValues(batch), region: 'Europe', sessionMinutes: '90' };
    expect(previewDescription(values)).toBe(
      'Jan 12 - Mar 2, 2027 (Europe) -- Tue & Thu, 9 to 10:30 AM Pacific Time',
    );
    expect(previewDescription(batchFormValues(undefined))).toBeNull();
  });
});

describe('the weekly schedule filler', () => {
  it("starts from the batch's own week: its first day, weekdays and start time", () => {
    const evenings = expandWeeklySchedule({
      startsOn: '2027-02-08',
      weekdays: ['Mon', 'Wed'],
      startTime: '19:00',
    });
    expect(weeklyScheduleOf([...evenings].reverse())).toEqual({
      startsOn: '2027-02-08',
      weekdays: ['Mon', 'Wed'],
      startTime: '19:00',
    });
  });

  it('starts from Tue & Thu at 9 AM, with no first day, for a batch without sessions', () => {
    expect(weeklyScheduleOf(['', ''])).toEqual({
      startsOn: '',
      weekdays: ['Tue', 'Thu'],
      startTime: '09:00',
    });
  });
});
