import { describe, expect, it } from 'vitest';
import { batchTimingLabel } from './batch-timing';

describe('batch timing label', () => {
  it('shortens the timing and adds the region of the dates', () => {
    expect(
      batchTimingLabel('Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time'),
    ).toBe('Tue & Thu, 9 - 11 AM PT (Americas)');
    expect(
      batchTimingLabel('Feb 8 - Mar 31, 2027 (Asia-Pacific) -- Mon & Wed, 7 to 9 PM Pacific Time'),
    ).toBe('Mon & Wed, 7 - 9 PM PT (Asia-Pacific)');
  });

  it('turns only the word "to" into a dash', () => {
    expect(batchTimingLabel('Oct 1 (Europe) -- October, Tuesdays 8 to 10 AM Pacific Time')).toBe(
      'October, Tuesdays 8 - 10 AM PT (Europe)',
    );
  });

  it('leaves out the brackets when the dates name no region', () => {
    expect(batchTimingLabel('Jan 12 - Mar 4 -- 9 to 11 AM Pacific Time')).toBe('9 - 11 AM PT');
  });

  it.each([undefined, null, '', 'Jan 12 - Mar 4 (Americas)', 'Jan 12 (Americas) --  '])(
    'shows an empty string for %j',
    (description) => {
      expect(batchTimingLabel(description)).toBe('');
    },
  );
});
