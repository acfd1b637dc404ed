import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepositoryRoot } from '../lib/repository-root';
import { catalogFileSchema, readCatalogFile, sessionStartsOf } from './catalog-file';

describe('the catalog file', () => {
  it('ships a valid sample catalog', () => {
    const catalog = readCatalogFile(path.join(findRepositoryRoot(), 'catalog', 'catalog.json'));
    expect(catalog.workshops.length).toBeGreaterThan(0);
    for (const workshop of catalog.workshops) {
      for (const batch of workshop.batches) {
        expect(batch.description).toMatch(/ -- .*Pacific Time$/);
        expect(sessionStartsOf(batch)).toHaveLength(15);
      }
    }
  });

  it('reports duplicate ids, bad amounts and unknown SKUs', () => {
    const result = catalogFileSchema.safeParse({
      workshops: [
        {
          sku: 'A',
          name: 'A',
          prices: { USD: '10.999', INR: '5' },
          batches: [
            { id: 'X', description: 'd -- t', startsOn: '2027-01-01', seatCapacity: 1 },
            {
              id: 'X',
              description: 'no separator',
              startsOn: '2027-01-01',
              schedule: { weekdays: ['Fri'], startTime: '09:00' },
              seatCapacity: 1,
            },
          ],
        },
      ],
      discountCodes: [{ code: 'ABC', percent: 100, workshopSku: 'B' }],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'workshops.0.prices.USD',
        'workshops.0.batches.0.sessions',
        'workshops.0.batches.1.description',
        'workshops.0.batches.1.id',
        'discountCodes.0.percent',
        'discountCodes.0.workshopSku',
      ]),
    );
  });
});

describe('the sessions of a batch in the catalog file', () => {
  const withBatch = (batch: Record<string, unknown>) =>
    catalogFileSchema.safeParse({
      workshops: [
        {
          sku: 'A',
          name: 'A',
          prices: { USD: '10.00', INR: '800.00' },
          batches: [{ id: 'B', seatCapacity: 5, ...batch }],
        },
      ],
    });
  const issues = (batch: Record<string, unknown>) =>
    withBatch(batch).error?.issues.map(
      (issue) => `${String(issue.path.at(-1))}: ${issue.message}`,
    ) ?? [];
  const schedule = { weekdays: ['Tue', 'Thu'], startTime: '09:00' };
  const description = 'Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time';

  it('expands a weekly schedule into 15 sessions, the same as listing them', () => {
    const scheduled = withBatch({ description, startsOn: '2027-01-12', schedule });
    expect(scheduled.success).toBe(true);
    const sessions = sessionStartsOf(scheduled.data!.workshops[0]!.batches[0]!);
    expect(sessions).toHaveLength(15);
    expect(withBatch({ description, sessions }).success).toBe(true);
    expect(withBatch({ description, sessions, startsOn: '2027-01-12' }).success).toBe(true);
  });

  it('says what the description should read when it disagrees with the sessions', () => {
    expect(
      issues({
        description: 'Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
        startsOn: '2027-01-12',
        schedule,
      }),
    ).toEqual([`description: does not agree with the sessions; it should read "${description}"`]);
    expect(issues({ description, startsOn: '2027-01-12', schedule, sessionMinutes: 90 })).toEqual([
      'description: does not agree with the sessions; it should read "Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 10:30 AM Pacific Time"',
    ]);
  });

  it('refuses a batch without sessions, with both forms, or with sessions that are not 15', () => {
    expect(issues({ description, startsOn: '2027-01-12' })).toEqual([
      'sessions: give the 15 sessions as "sessions" or as a "schedule", one of the two',
    ]);
    const sessions = sessionStartsOf({ startsOn: '2027-01-12', schedule: schedule as never });
    expect(issues({ description, startsOn: '2027-01-12', schedule, sessions })).toHaveLength(1);
    expect(issues({ description, sessions: sessions.slice(0, 14) })).toContain(
      'sessions: A batch has 15 sessions; 14 were given.',
    );
    expect(issues({ description, schedule })).toEqual([
      'startsOn: a schedule starts on "startsOn"',
    ]);
    expect(issues({ description, sessions, startsOn: '2027-01-11' })).toEqual([
      'startsOn: the first session is on 2027-01-12',
    ]);
  });
});
