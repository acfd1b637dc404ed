import { describe, expect, it } from 'vitest';
import type { WindowCounter } from '../../lib/window-counter';
import { chargeLogBytes, repeatsOf, WEB_LOG_BYTES_PER_MINUTE } from './push-budget';

/** A counter in memory whose windows never end within a test. */
function memoryCounter(resetInMs = 30_000): WindowCounter {
  const totals = new Map<string, number>();
  return async (key, _windowMs, amount = 1) => {
    totals.set(key, (totals.get(key) ?? 0) + amount);
    return { total: totals.get(key)!, resetInMs };
  };
}

describe('web log repeats', () => {
  it('are written the first time and at the 10th, 100th and 1000th time', async () => {
    const counter = memoryCounter();
    const written: (number | undefined)[] = [];
    for (let i = 0; i < 1000; i += 1) {
      const repeat = await repeatsOf(counter, '203.0.113.1', {
        message: 'boom',
        severity: 'ERROR',
      });
      if (repeat.write) written.push(repeat.repeated);
    }
    expect(written).toEqual([undefined, 10, 100, 1000]);
  });

  it('are counted per address and per severity', async () => {
    const counter = memoryCounter();
    await repeatsOf(counter, '203.0.113.1', { message: 'boom', severity: 'ERROR' });
    expect(await repeatsOf(counter, '203.0.113.2', { message: 'boom', severity: 'ERROR' })).toEqual(
      {
        write: true,
      },
    );
    expect(await repeatsOf(counter, '203.0.113.1', { message: 'boom' })).toEqual({ write: true });
  });
});

describe('the web log byte budget', () => {
  it('counts UTF-8 bytes per token and per address, and answers when to retry', async () => {
    const counter = memoryCounter(12_001);
    const from = { tokenId: 't1', address: '203.0.113.1' };
    const message = 'é'.repeat(1024); // 2 KiB in UTF-8
    const fits = WEB_LOG_BYTES_PER_MINUTE.perToken / 2048;
    for (let i = 0; i < fits; i += 1) {
      expect(await chargeLogBytes(counter, from, message)).toBeUndefined();
    }
    expect(await chargeLogBytes(counter, from, message)).toBe(13);
    // A fresh token from the same address still has the address's budget left, until it is spent.
    const other = { tokenId: 't2', address: '203.0.113.1' };
    let refusedAfter = 0;
    while ((await chargeLogBytes(counter, other, 'x'.repeat(1024))) === undefined)
      refusedAfter += 1;
    expect(refusedAfter).toBe(
      Math.floor((WEB_LOG_BYTES_PER_MINUTE.perAddress - (fits + 1) * 2048) / 1024),
    );
  });
});
