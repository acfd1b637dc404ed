import { describe, expect, it } from 'vitest';
import { type BuyerNotice, renderBuyerNotice } from './buyer-notice-message';
import {
  expectEscaped,
  expectInBothParts,
  expectLink,
  expectNothingRemote,
  TYPED,
} from '../../test/support/mail-parts';

const notice = (overrides: Partial<BuyerNotice> = {}): BuyerNotice => ({
  subject: 'Your order is cancelled and refunded',
  outcome:
    'Your order is cancelled and $449.10 is on its way back to you through PayPal. Your seat is given up.',
  firstName: 'Ada',
  orderId: 'ORD0000000000001',
  workshopName: 'Wi-Fi 7 Live Online Workshop',
  batchDescription: 'Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
  myOrdersUrl: 'https://workshop.example.com/my-orders',
  ...overrides,
});

describe("the buyer's notice after their own action", () => {
  it('says what happened to which order, in both parts, and links to My orders', () => {
    const mail = renderBuyerNotice(notice());
    expect(mail.subject).toBe('Your order is cancelled and refunded');
    expect(mail.html).toContain('Your order is cancelled and refunded</h1>');
    expectInBothParts(mail, [
      'Hello Ada,',
      notice().outcome,
      'ORD0000000000001',
      'Wi-Fi 7 Live Online Workshop',
      'Tue & Thu, 9 to 11 AM Pacific Time',
      'Questions? Reply to this e-mail.',
    ]);
    expect(mail.text).toContain('Order: ORD0000000000001\nWorkshop: Wi-Fi 7 Live Online Workshop');
    expectLink(mail, 'https://workshop.example.com/my-orders', 'Your orders');
    expect(mail.attachments).toEqual([]);
  });

  it('tells a part refund, a cancellation and a move each in its own words', () => {
    const part = renderBuyerNotice(
      notice({ outcome: 'Your order is cancelled and $399.10 of $449.10 is on its way back.' }),
    );
    expectInBothParts(part, ['$399.10 of $449.10 is on its way back.']);
    const moved = renderBuyerNotice(
      notice({
        subject: 'Your order moved to another batch',
        outcome: 'Your seat moved from Jan 12 - Mar 2, 2027 to Apr 6 - May 25, 2027.',
      }),
    );
    expect(moved.subject).toBe('Your order moved to another batch');
    expectInBothParts(moved, [
      'Your seat moved from Jan 12 - Mar 2, 2027 to Apr 6 - May 25, 2027.',
    ]);
  });

  it('escapes what people typed, and loads nothing', () => {
    const mail = renderBuyerNotice(notice({ firstName: TYPED, batchDescription: TYPED }));
    expectEscaped(mail);
    expectNothingRemote(mail.html);
  });
});
