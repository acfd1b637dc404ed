import { describe, expect, it } from 'vitest';
import type { GroupDraft } from '../stores/group-store';
import { checkGroup, openSeatCount, reachedTier, toGroupInput } from './group-order';

const seat = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  leaveOpen: false,
});
const open = { firstName: 'Left', lastName: 'Typed', email: 'x@example.com', leaveOpen: true };

describe('a company purchase’s draft', () => {
  it('becomes the request’s group: an open seat is null, rows past the count are not sent', () => {
    const draft: GroupDraft = {
      seats: 2,
      attendees: [seat('ada@example.com'), open, seat('kept@example.com')],
      invoiceEmail: '  ',
    };
    expect(toGroupInput(draft)).toEqual({
      seats: 2,
      attendees: [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, null],
    });
    expect(openSeatCount(toGroupInput(draft))).toBe(1);
  });

  it('gives blank rows to seats the buyer has not typed in yet, and refuses them', () => {
    const checked = checkGroup({ seats: 2, attendees: [open], invoiceEmail: '' }, 10);
    expect(checked).toEqual({
      ok: false,
      errors: {
        'attendees.1.firstName': 'First name is required',
        'attendees.1.lastName': 'Last name is required',
        'attendees.1.email': 'Enter a valid e-mail address',
      },
    });
  });

  it('refuses more seats than the seller sells in one order', () => {
    const checked = checkGroup({ seats: 3, attendees: [open, open, open], invoiceEmail: '' }, 2);
    expect(checked).toEqual({
      ok: false,
      errors: { seats: 'One order can have at most 2 seats.' },
    });
  });

  it('picks the largest volume tier reached', () => {
    const tiers = [
      { minSeats: 3, percent: 10 },
      { minSeats: 5, percent: 15 },
    ];
    expect(reachedTier(tiers, 2)).toBeNull();
    expect(reachedTier(tiers, 4)).toEqual({ minSeats: 3, percent: 10 });
    expect(reachedTier(tiers, 9)).toEqual({ minSeats: 5, percent: 15 });
  });
});
