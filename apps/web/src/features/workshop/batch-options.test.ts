import type { ScheduledBatch } from '@wifi7/contract';
import { describe, expect, it } from 'vitest';
import { batchOptions, seatsText } from './batch-options';

const session = {
  number: 1,
  startsAt: '2027-01-12T17:00:00.000Z',
  endsAt: '2027-01-12T19:00:00.000Z',
};
const scheduled = (
  batchId: string,
  full = false,
  seatsLeft: number | null = null,
): ScheduledBatch => ({
  batchId,
  batchDescription: `${batchId} -- timing`,
  sessions: [session],
  full,
  seatsLeft: full ? 0 : seatsLeft,
});
const listed = (batchId: string) => ({ batchId, batchDescription: `${batchId} -- timing` });

describe('batchOptions', () => {
  it('is the spec list as it is when no batch is full, with sessions and seats added', () => {
    expect(
      batchOptions([listed('A'), listed('B')], [scheduled('A', false, 3), scheduled('B')]),
    ).toEqual([
      { ...listed('A'), full: false, seatsLeft: 3, sessions: [session] },
      { ...listed('B'), full: false, seatsLeft: null, sessions: [session] },
    ]);
  });

  it('is the spec list alone while the schedule is unknown', () => {
    expect(batchOptions([listed('A')], undefined)).toEqual([
      { ...listed('A'), full: false, seatsLeft: null, sessions: [] },
    ]);
  });

  it('merges full batches in, in the schedule’s order, and keeps unknown listed ones at the end', () => {
    const options = batchOptions(
      [listed('B'), listed('D'), listed('X')],
      [scheduled('A', true), scheduled('B'), scheduled('C', true), scheduled('D')],
    );
    expect(options.map((option) => [option.batchId, option.full])).toEqual([
      ['A', true],
      ['B', false],
      ['C', true],
      ['D', false],
      ['X', false],
    ]);
  });

  it('offers only full batches when the spec list has none', () => {
    expect(batchOptions([], [scheduled('A', true)])).toEqual([
      { ...listed('A'), full: true, seatsLeft: 0, sessions: [session] },
    ]);
  });

  it('trusts the spec list for a batch it offers', () => {
    expect(batchOptions([listed('A')], [scheduled('A', true)])[0]).toMatchObject({
      full: false,
      seatsLeft: null,
    });
  });
});

describe('seatsText', () => {
  it('names the seats left only when few remain', () => {
    expect(seatsText({ full: false, seatsLeft: null })).toBe('');
    expect(seatsText({ full: false, seatsLeft: 5 })).toBe('5 seats left');
    expect(seatsText({ full: false, seatsLeft: 1 })).toBe('1 seat left');
    expect(seatsText({ full: true, seatsLeft: 0 })).toBe('Full — waitlist open');
  });
});
