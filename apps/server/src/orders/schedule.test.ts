import { describe, expect, it } from 'vitest';
import { invoiceNumberFor, newOrderId } from './ids';
import { nextCheckAt, retryAfterFailure } from './schedule';

const now = new Date('2026-12-01T00:00:00Z');
const far = new Date('2027-01-01T00:00:00Z');
const minutesAfter = (date: Date) => (date.getTime() - now.getTime()) / 60_000;

describe('checking a waiting order', () => {
  it('asks soon, then less often', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map((n) => minutesAfter(nextCheckAt(now, n, far)))).toEqual([
      2, 5, 15, 30, 60, 120, 180, 180,
    ]);
  });

  it('never later than the end of the hold', () => {
    const soon = new Date(now.getTime() + 60_000);
    expect(nextCheckAt(now, 5, soon)).toEqual(soon);
  });

  it('past the end of the hold, still spaced by the steps', () => {
    const ended = new Date(now.getTime() - 60_000);
    expect([0, 9].map((n) => minutesAfter(nextCheckAt(now, n, ended)))).toEqual([2, 180]);
  });

  it('backs off after failures, up to an hour', () => {
    expect([1, 2, 3, 10].map((n) => minutesAfter(retryAfterFailure(now, n)))).toEqual([
      1, 2, 4, 60,
    ]);
  });
});

describe('order ids', () => {
  it('are 16 Crockford base32 characters, distinct, and give short invoice numbers', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newOrderId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(invoiceNumberFor('ABCDEFGHJKMNPQRS').length).toBeLessThan(25);
  });
});
