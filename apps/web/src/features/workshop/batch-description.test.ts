import { describe, expect, it } from 'vitest';
import { batchOptionLabel, describeBatch } from './batch-description';

describe('describeBatch', () => {
  it('splits the sample catalog shape into dates, region, timing and display', () => {
    expect(
      describeBatch('Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time'),
    ).toEqual({
      dates: 'Jan 12 - Mar 4, 2027',
      region: 'Americas',
      timing: 'Tue & Thu, 9 - 11 AM PT',
      display: 'Tue & Thu, 9 - 11 AM PT (Americas)',
    });
  });

  it('handles a region with a hyphen and evening hours', () => {
    expect(
      describeBatch('Feb 8 - Mar 31, 2027 (Asia-Pacific) -- Mon & Wed, 7 to 9 PM Pacific Time'),
    ).toMatchObject({
      dates: 'Feb 8 - Mar 31, 2027',
      display: 'Mon & Wed, 7 - 9 PM PT (Asia-Pacific)',
    });
  });

  it('works without spaces around the two dashes and with extra spaces', () => {
    expect(describeBatch('Jan 10 - Feb 21   (US)--9 to 11 AM   Pacific Time ')).toEqual({
      dates: 'Jan 10 - Feb 21',
      region: 'US',
      timing: '9 - 11 AM PT',
      display: '9 - 11 AM PT (US)',
    });
  });

  it('turns only the whole word "to" into a dash', () => {
    const { timing } = describeBatch(
      'Mar 1 (EMEA) -- Tokyo, Toronto and into the night: 6 to 8 PM, Mon to Wed',
    );
    expect(timing).toBe('Tokyo, Toronto and into the night: 6 - 8 PM, Mon - Wed');
  });

  it('leaves "to" alone when it touches a letter or digit', () => {
    expect(describeBatch('x -- 9to 11').timing).toBe('9to 11');
    expect(describeBatch('x -- 9 to11').timing).toBe('9 to11');
    expect(describeBatch('x -- 9 To 11').timing).toBe('9 To 11');
  });

  it('shortens only "Pacific Time", not other zones', () => {
    expect(describeBatch('x -- 9 to 11 AM Eastern Time').timing).toBe('9 - 11 AM Eastern Time');
    expect(describeBatch('x -- 9 AM Pacific Time / 12 PM Pacific Time').timing).toBe(
      '9 AM PT / 12 PM PT',
    );
  });

  it('shows the timing alone when the first part has no region', () => {
    expect(describeBatch('Jan 12 - Mar 4 -- Tue, 9 to 11 AM Pacific Time')).toEqual({
      dates: 'Jan 12 - Mar 4',
      region: '',
      timing: 'Tue, 9 - 11 AM PT',
      display: 'Tue, 9 - 11 AM PT',
    });
  });

  it('keeps the dates and region when the timing part is missing', () => {
    expect(describeBatch('Jan 12 - Mar 4, 2027 (Americas)')).toEqual({
      dates: 'Jan 12 - Mar 4, 2027',
      region: 'Americas',
      timing: '',
      display: '(Americas)',
    });
    expect(describeBatch('Jan 12 - Mar 4, 2027 (Americas) -- ')).toMatchObject({
      timing: '',
      display: '(Americas)',
    });
  });

  it('shows the timing when the dates part is missing', () => {
    expect(describeBatch(' -- Tue & Thu, 9 to 11 AM Pacific Time')).toEqual({
      dates: '',
      region: '',
      timing: 'Tue & Thu, 9 - 11 AM PT',
      display: 'Tue & Thu, 9 - 11 AM PT',
    });
  });

  it('keeps anything after a second pair of dashes in the timing', () => {
    expect(describeBatch('Jan 5 (US) -- 9 to 11 AM -- online').timing).toBe('9 - 11 AM -- online');
  });

  it.each([[''], ['   '], ['--'], [undefined], [null]])(
    'gives empty strings when no value exists (%j)',
    (value) => {
      expect(describeBatch(value)).toEqual({ dates: '', region: '', timing: '', display: '' });
    },
  );

  it('ignores empty brackets', () => {
    expect(describeBatch('Jan 5 () -- 9 to 11 AM').display).toBe('9 - 11 AM');
  });
});

describe('batchOptionLabel', () => {
  it('leads with the dates so batches with the same timing stay apart', () => {
    expect(
      batchOptionLabel('Apr 6 - May 27, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time'),
    ).toBe('Apr 6 - May 27, 2027 · Tue & Thu, 9 - 11 AM PT (Americas)');
  });

  it('uses whatever part exists, or nothing', () => {
    expect(batchOptionLabel('Apr 6 - May 27')).toBe('Apr 6 - May 27');
    expect(batchOptionLabel('-- 9 to 11 AM')).toBe('9 - 11 AM');
    expect(batchOptionLabel('')).toBe('');
  });
});
