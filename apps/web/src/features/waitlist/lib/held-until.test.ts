import { describe, expect, it } from 'vitest';
import { heldUntil, heldUntilText } from './held-until';

describe('until when a seat is held', () => {
  it('reads in Pacific Time and in the buyer’s own zone', () => {
    expect(heldUntilText('2027-01-07T17:00:00.000Z', 'Europe/Berlin')).toBe(
      'Thu, Jan 7, 9:00 AM Pacific Time (Thu, Jan 7, 6:00 PM your time, GMT+1)',
    );
  });

  it('says it once for a buyer in Pacific Time, summer or winter', () => {
    expect(heldUntilText('2027-07-07T16:00:00.000Z', 'America/Los_Angeles')).toBe(
      'Wed, Jul 7, 9:00 AM Pacific Time',
    );
    expect(heldUntil('2027-01-07T17:00:00.000Z', 'America/Los_Angeles')?.local).toBeNull();
  });

  it('names the day in the buyer’s zone when it is another day there', () => {
    expect(heldUntil('2027-01-08T06:30:00.000Z', 'Asia/Kolkata')?.local).toBe(
      'Fri, Jan 8, 12:00 PM your time, GMT+5:30',
    );
  });

  it('says nothing for a moment it cannot read', () => {
    expect(heldUntilText('soon')).toBe('');
  });
});
