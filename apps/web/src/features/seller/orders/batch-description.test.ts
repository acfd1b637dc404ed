import { describe, expect, it } from 'vitest';
import { batchPartsOf } from './batch-description';

describe("a batch's description", () => {
  it('splits into its dates and its timing', () => {
    expect(
      batchPartsOf('Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time'),
    ).toEqual({
      dates: 'Jan 12 - Mar 2, 2027 (Americas)',
      timing: 'Tue & Thu, 9 to 11 AM Pacific Time',
    });
  });

  it('is only dates without a timing, and nothing when empty', () => {
    expect(batchPartsOf('Spring cohort')).toEqual({ dates: 'Spring cohort', timing: '' });
    expect(batchPartsOf('  ')).toBeNull();
  });
});
