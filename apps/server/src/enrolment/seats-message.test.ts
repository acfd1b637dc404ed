import { describe, expect, it } from 'vitest';
import { renderSeatsSummaryMail, type SeatsSummary } from './seats-message';
import {
  expectEscaped,
  expectInBothParts,
  expectLink,
  expectNothingRemote,
  TYPED,
} from '../../test/support/mail-parts';

const summary = (overrides: Partial<SeatsSummary> = {}): SeatsSummary => ({
  orderId: 'ORD0000000000007',
  firstName: 'Grace',
  productName: 'Wi-Fi 7 Live Online Workshop',
  batchDescription: 'Jan 12 - Mar 2, 2027 (Americas)',
  enrolled: [
    { name: 'Ada Lovelace', email: 'ada@example.com' },
    { name: 'Alan Turing', email: 'alan@example.com' },
  ],
  openSeats: 3,
  myOrdersUrl: 'https://workshop.example.com/my-orders',
  ...overrides,
});

describe("a company order's summary for its buyer", () => {
  it('lists who is enrolled and how many seats are open, with where to name them', () => {
    const mail = renderSeatsSummaryMail(summary());
    expect(mail.subject).toBe('Your order ORD0000000000007 is paid: Wi-Fi 7 Live Online Workshop');
    expectInBothParts(mail, [
      'Hello Grace,',
      'Enrolled (each has their own confirmation with how to join):',
      'Ada Lovelace (ada@example.com)',
      'Alan Turing (alan@example.com)',
      '3 seats are still open',
    ]);
    expect(mail.text).toContain(
      '- Ada Lovelace (ada@example.com)\n- Alan Turing (alan@example.com)',
    );
    expect(mail.html).toContain('Ada Lovelace (ada@example.com)</li>');
    expectLink(mail, 'https://workshop.example.com/my-orders', 'My orders');
    expect(mail.attachments).toEqual([]);
  });

  it('says when nobody is enrolled yet, and when every seat has its attendee', () => {
    expectInBothParts(renderSeatsSummaryMail(summary({ enrolled: [], openSeats: 1 })), [
      'Nobody is enrolled yet.',
      '1 seat is still open',
    ]);
    expectInBothParts(renderSeatsSummaryMail(summary({ openSeats: 0 })), [
      'Every seat has its attendee.',
    ]);
  });

  it('escapes what people typed, and loads nothing', () => {
    const mail = renderSeatsSummaryMail(
      summary({ enrolled: [{ name: TYPED, email: 'ada@example.com' }] }),
    );
    expectEscaped(mail);
    expectNothingRemote(mail.html);
  });
});
