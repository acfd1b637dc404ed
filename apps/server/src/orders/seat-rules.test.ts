import { describe, expect, it } from 'vitest';
import type { OrderFacts } from './commands/rules';
import type { OrderRow } from './repository';
import { namesRefusal, namesUntil, sellerSeatActions } from './seat-rules';
import type { SeatRow } from './seats';

const batch = { sessionStarts: ['2027-01-12T09:00'], startsOn: '2027-01-12' };
const order = (changes: Partial<OrderRow> = {}) =>
  ({
    status: 'paid',
    groupOrder: true,
    totalMinor: 100_00,
    seatCount: 3,
    providerReference: 'INV2-1',
    ...changes,
  }) as OrderRow;
const seat = (number: number, changes: Partial<SeatRow> = {}) =>
  ({
    id: `O-${number}`,
    number,
    state: 'active',
    attendeeEmail: 'a@example.com',
    ...changes,
  }) as SeatRow;
const facts = (changes: Partial<OrderFacts> = {}) =>
  ({
    railPayments: 1,
    refundedMinor: 0,
    refundableMinor: 100_00,
    attention: null,
    undeliveredHandoffs: 0,
    ...changes,
  }) as OrderFacts;

describe('who holds a seat may change', () => {
  it('until the seller’s days before the first session (Pacific Time)', () => {
    expect(namesUntil(batch, { namesUntilDaysBefore: 0 }).toISOString()).toBe(
      '2027-01-12T17:00:00.000Z',
    );
    expect(namesUntil(batch, { namesUntilDaysBefore: 2 }).toISOString()).toBe(
      '2027-01-10T17:00:00.000Z',
    );
  });

  it('on an open or paid company order only, before the cut-off', () => {
    const until = new Date('2027-01-10T00:00:00Z');
    const before = new Date('2027-01-09T00:00:00Z');
    expect(namesRefusal(order(), until, before)).toBeNull();
    expect(namesRefusal(order({ status: 'awaiting_payment' }), until, before)).toBeNull();
    expect(namesRefusal(order({ groupOrder: false }), until, before)).toMatch(/company order/);
    expect(namesRefusal(order({ status: 'refunded' }), until, before)).toMatch(/closed/);
    expect(namesRefusal(order(), until, until)).toMatch(/could be changed until Jan 9, 2027/);
  });
});

describe('a seat given back alone', () => {
  it('refunds at most its share, never more than the order has left', () => {
    expect(sellerSeatActions(order(), facts(), seat(3), 3).refund).toEqual({
      allowed: true,
      reason: null,
      maxMinor: 33_34,
    });
    expect(
      sellerSeatActions(order(), facts({ refundableMinor: 10_00 }), seat(1), 3).refund,
    ).toMatchObject({ allowed: true, maxMinor: 10_00 });
  });

  it('is not offered on an unpaid order, nor twice', () => {
    const unpaid = sellerSeatActions(order({ status: 'awaiting_payment' }), facts(), seat(1), 3);
    expect(unpaid.cancel.reason).toMatch(/cancel the order, or the buyer checks out again/);
    const given = sellerSeatActions(order(), facts(), seat(1, { state: 'refunded' }), 2);
    expect(given.refund.reason).toBe('This seat was given back already.');
  });

  it('is the whole order’s action when it is the last seat', () => {
    const last = sellerSeatActions(order(), facts(), seat(2), 1);
    expect(last.cancel.reason).toBe('Only an order still awaiting payment can be cancelled.');
    expect(last.refund).toMatchObject({ allowed: true, maxMinor: 100_00 });
  });
});
