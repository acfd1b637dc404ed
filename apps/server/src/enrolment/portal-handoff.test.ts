import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from '../core/jobs/queue';
import { signHandoff } from './portal-handoff';

describe('hand-off delivery', () => {
  it('signs timestamp and body with HMAC-SHA256', () => {
    const expected = createHmac('sha256', 'secret').update('1700000000.{"a":1}').digest('hex');
    expect(signHandoff('secret', 1_700_000_000, '{"a":1}')).toBe(`v1=${expected}`);
  });

  it('waits longer after each failure and keeps trying every 3 hours', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(retryDelaySeconds)).toEqual([
      30, 120, 600, 1800, 3600, 10_800, 10_800,
    ]);
  });
});
