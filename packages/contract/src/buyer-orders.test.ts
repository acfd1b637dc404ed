import { describe, expect, it } from 'vitest';
import { buyerPolicySchema, buyerPolicyTerms, keptOf, NO_BUYER_CHANGES } from './buyer-orders';

describe('the buyer policy', () => {
  it('keeps nothing, a percent or a fixed amount, never more than was paid', () => {
    expect(keptOf({ kind: 'nothing' }, 129_900, 'USD')).toBe(0);
    expect(keptOf({ kind: 'percent', percent: 10 }, 129_900, 'USD')).toBe(12_990);
    expect(keptOf({ kind: 'percent', percent: 15 }, 333, 'USD')).toBe(50);
    expect(keptOf({ kind: 'fixed', USD: 5_000, INR: 400_000 }, 4_129_900, 'INR')).toBe(400_000);
    expect(keptOf({ kind: 'fixed', USD: 5_000, INR: 400_000 }, 3_000, 'USD')).toBe(3_000);
  });

  it('says the policy in plain words', () => {
    expect(buyerPolicyTerms(NO_BUYER_CHANGES, 'USD')).toEqual([
      'A paid order cannot be cancelled for a refund from this site; write to us if you cannot attend.',
      'To move to another batch, write to us.',
      'An unpaid order may be cancelled at any time.',
    ]);
    const policy = {
      refundUntilDaysBefore: 7,
      keep: { kind: 'fixed', USD: 5_000, INR: 400_000 },
      moveUntilDaysBefore: 0,
    } as const;
    expect(buyerPolicyTerms(policy, 'INR').slice(0, 2)).toEqual([
      'You may cancel a paid order until 7 days before the first session: ₹4,000.00 of it is kept.',
      'You may move to another open batch of the workshop until the first session starts, when it has a free seat.',
    ]);
    expect(
      buyerPolicyTerms(
        { ...policy, refundUntilDaysBefore: 1, keep: { kind: 'nothing' } },
        'USD',
      )[0],
    ).toBe(
      'You may cancel a paid order until 1 day before the first session: the whole amount is refunded.',
    );
  });

  it('refuses a policy of the wrong shape', () => {
    expect(
      buyerPolicySchema.safeParse({ ...NO_BUYER_CHANGES, refundUntilDaysBefore: -1 }).success,
    ).toBe(false);
    expect(
      buyerPolicySchema.safeParse({ ...NO_BUYER_CHANGES, keep: { kind: 'percent', percent: 0 } })
        .success,
    ).toBe(false);
    expect(buyerPolicySchema.safeParse({ ...NO_BUYER_CHANGES, extra: 1 }).success).toBe(false);
  });
});
