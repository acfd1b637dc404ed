import { describe, expect, it } from 'vitest';
import { displayInr, paiseOf, paiseOfText, rupeesText } from './money';
import { booksTime, endOfIstDay, isCalendarDate, istDate } from './time';

describe('rupee amounts', () => {
  it('takes positive JSON numbers with at most two decimals, exactly', () => {
    expect(paiseOf(41299)).toBe(4_129_900);
    expect(paiseOf(41299.5)).toBe(4_129_950);
    expect(paiseOf(0.01)).toBe(1);
    expect(paiseOf(1299.99)).toBe(129_999);
    for (const bad of [0, -1, 0.001, 0.1 + 0.2, Number.NaN, Infinity, 1e21, '100', null, undefined])
      expect(paiseOf(bad), String(bad)).toBeUndefined();
  });

  it('writes answers with two decimals and shows rupees the Indian way', () => {
    expect(rupeesText(4_129_900)).toBe('41299.00');
    expect(rupeesText(5)).toBe('0.05');
    expect(paiseOfText('41299.05')).toBe(4_129_905);
    expect(displayInr(4_129_900)).toBe('₹41,299.00');
    expect(displayInr(14_129_950)).toBe('₹1,41,299.50');
  });
});

describe('dates in India', () => {
  it('knows the Indian calendar day and when it ends', () => {
    expect(istDate(Date.parse('2025-03-10T18:29:59Z'))).toBe('2025-03-10');
    expect(istDate(Date.parse('2025-03-10T18:30:00Z'))).toBe('2025-03-11');
    expect(endOfIstDay('2025-03-13')).toBe(Date.parse('2025-03-13T18:30:00Z'));
    expect(booksTime(Date.parse('2025-03-10T16:00:00Z'))).toBe('2025-03-10T21:30:00+0530');
  });

  it('accepts only real yyyy-MM-dd dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const bad of ['2025-02-29', '2025-13-01', '2025-3-1', '13-03-2025', '2025-03-13T00:00'])
      expect(isCalendarDate(bad), bad).toBe(false);
  });
});
