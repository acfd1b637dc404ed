import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { whileLeased } from './leases';

/**
 * A database that records each update's lease value in the order it lands;
 * a renewal (a non-null value) lands only when the test lets it.
 */
function recordingDb() {
  const landed: string[] = [];
  let letRenewalLand = () => {};
  const renewalHeld = new Promise<void>((resolve) => (letRenewalLand = resolve));
  let renewalStarted = () => {};
  const renewalSent = new Promise<void>((resolve) => (renewalStarted = resolve));
  const db = {
    update: () => ({
      set: (values: { providerLeaseUntil: unknown }) => ({
        where: async () => {
          if (values.providerLeaseUntil === null) {
            landed.push('release');
            return;
          }
          renewalStarted();
          await renewalHeld;
          landed.push('renewal');
        },
      }),
    }),
  };
  return { db: db as unknown as Db, landed, renewalSent, letRenewalLand };
}

describe('whileLeased', () => {
  it('releases the lease after a renewal still in flight, so it never stays held for a finished caller', async () => {
    const { db, landed, renewalSent, letRenewalLand } = recordingDb();
    // A renewal every 10 ms; the work ends once one has been sent and not yet landed.
    const done = whileLeased(db, 'order-1', 0.03, async () => {
      await renewalSent;
      return 'issued';
    });
    await renewalSent;
    setTimeout(letRenewalLand, 20);
    await expect(done).resolves.toBe('issued');
    await vi.waitFor(() => expect(landed).toContain('renewal'));
    expect(landed.at(-1)).toBe('release');
  });
});
