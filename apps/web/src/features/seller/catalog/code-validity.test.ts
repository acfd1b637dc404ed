import { describe, expect, it } from 'vitest';
import { validityLines } from './code-validity';

describe("a discount code's validity", () => {
  it('ends at midnight Pacific Time as the end of the day before (the end is exclusive)', () => {
    // Midnight, Jan 5, Pacific Time (PST, UTC-8).
    expect(validityLines({ validFrom: null, validUntil: '2027-01-05T08:00:00.000Z' })).toEqual([
      'Until the end of Mon, Jan 4, 2027 (PT)',
    ]);
    // Across a month's end, in summer time (PDT, UTC-7).
    expect(validityLines({ validFrom: null, validUntil: '2027-07-01T07:00:00.000Z' })).toEqual([
      'Until the end of Wed, Jun 30, 2027 (PT)',
    ]);
  });

  it('names the moment an end falls within a day, and when a code starts', () => {
    expect(
      validityLines({
        validFrom: '2027-01-12T08:00:00.000Z',
        validUntil: '2027-01-20T17:30:00.000Z',
      }),
    ).toEqual(['From the start of Tue, Jan 12, 2027 (PT)', 'Ends Wed, Jan 20, 2027, 9:30 AM PT']);
    expect(validityLines({ validFrom: '2027-01-12T17:00:00.000Z', validUntil: null })).toEqual([
      'From Tue, Jan 12, 2027, 9:00 AM PT',
    ]);
  });

  it('is "Always" without limits', () => {
    expect(validityLines({ validFrom: null, validUntil: null })).toEqual(['Always']);
  });
});
