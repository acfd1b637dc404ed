import { describe, expect, it } from 'vitest';
import { renderAttentionMail } from './attention-message';
import { renderDigestMail } from './digest-message';
import { type DigestFigures } from './digest';
import { describeSmtpUrl, senderDomain } from '../core/mail/transport';
import {
  expectEscaped,
  expectInBothParts,
  expectLink,
  expectNothingRemote,
  TYPED,
} from '../../test/support/mail-parts';

const links = { siteUrl: 'https://workshop.example.com' };

describe("the sellers' e-mails", () => {
  it('tell what needs attention and link to it', () => {
    const mail = renderAttentionMail(
      {
        kind: 'order-flagged',
        key: 'order:ORD1:abc',
        orderId: 'ORD1',
        email: 'ada@example.com',
        status: 'paid',
        note: 'Paid twice for the same workshop: refund <this> payment.',
        since: new Date(),
      },
      links,
    );
    expect(mail.subject).toBe('Needs attention: order ORD1 (ada@example.com)');
    expect(mail.text).toContain('Paid twice for the same workshop: refund <this> payment.');
    expect(mail.text).toContain('https://workshop.example.com/seller/orders/ORD1');
    expect(mail.html).toContain('refund &lt;this&gt; payment');
    expect(mail.html).toContain('href="https://workshop.example.com/seller/orders/ORD1"');

    const stuckHandoff = {
      kind: 'handoff-stuck',
      key: 'handoff:H1',
      orderId: 'ORD2',
      email: 'bob@example.com',
      handoffId: 'H1',
      handoffKind: 'enrollment.created',
      attempts: 4,
      lastError: 'portal answered 500',
      since: new Date(),
    } as const;
    const stuck = renderAttentionMail(stuckHandoff, links);
    expect(stuck.subject).toBe(
      'Needs attention: bob@example.com not yet enrolled at the courses portal',
    );
    expect(stuck.text).toContain('after 4 attempts');
    expect(stuck.text).toContain('portal answered 500');
    expect(stuck.text).toContain('has not acknowledged the enrolment of bob@example.com');

    const stuckMove = renderAttentionMail(
      { ...stuckHandoff, handoffKind: 'enrollment.moved' },
      links,
    );
    expect(stuckMove.subject).toBe(
      'Needs attention: bob@example.com not yet moved to their new batch at the courses portal',
    );
    expect(stuckMove.text).toContain('has not acknowledged the move of bob@example.com');

    const refused = renderAttentionMail(
      { kind: 'webhooks-refused', key: 'w', provider: 'paypal', count: 25, since: new Date() },
      links,
    );
    expect(refused.subject).toBe('Needs attention: 25 paypal webhooks refused in the last hour');
    expect(refused.text).toContain('https://workshop.example.com/seller/attention');
  });

  it('sum up a day: orders by state, money per currency, seats left', () => {
    const mail = renderDigestMail(
      {
        day: '2027-01-12',
        ordersByStatus: [
          { status: 'awaiting_payment', count: 2 },
          { status: 'paid', count: 3 },
        ],
        revenue: [
          { currency: 'INR', totalMinor: 4_129_900, orders: 1 },
          { currency: 'USD', totalMinor: 94_810, orders: 2 },
        ],
        openBatches: [
          {
            id: 'WIFI7-2027-01-AM',
            description: 'Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
            seatCapacity: 40,
            seatsTaken: 13,
          },
        ],
        buyerChanges: [
          {
            orderId: 'ORDER00000000001',
            email: 'ada@example.com',
            message: 'Your seat moved from Jan to Apr.',
          },
        ],
      },
      links,
    );
    expect(mail.subject).toBe(
      'Daily digest for 2027-01-12: 5 orders, ₹41,299.00 INR + $948.10 USD',
    );
    expect(mail.text).toContain('Awaiting payment: 2');
    expect(mail.text).toContain('Paid: 3');
    expect(mail.text).toContain('USD: $948.10 USD from 2 orders');
    expect(mail.text).toContain('WIFI7-2027-01-AM — Jan 12 - Mar 4, 2027');
    expect(mail.text).toContain(': 27 of 40');
    expect(mail.html).toContain('27 of 40');
    expect(mail.html).toContain('Tue &amp; Thu');
    expect(mail.text).toContain("Buyers' own changes (My orders): 1");
    expect(mail.text).toContain(
      'ORDER00000000001 (ada@example.com): Your seat moved from Jan to Apr.',
    );
    expect(mail.html).toContain('ada@example.com');

    const quiet = renderDigestMail(
      { day: '2027-01-13', ordersByStatus: [], revenue: [], openBatches: [], buyerChanges: [] },
      links,
    );
    expect(quiet.subject).toBe('Daily digest for 2027-01-13: 0 orders, nothing paid');
    expect(quiet.text).toContain('No open batches.');
  });
});

describe("the sellers' e-mails, part by part", () => {
  const flagged = {
    kind: 'order-flagged',
    key: 'order:ORD1:abc',
    orderId: 'ORD1',
    email: 'ada@example.com',
    status: 'paid',
    note: 'Paid twice for the same workshop.',
    since: new Date(),
  } as const;

  it('attention: the item, the order and both links in text and HTML', () => {
    const mail = renderAttentionMail(flagged, links);
    expectInBothParts(mail, [
      'Paid twice for the same workshop.',
      'Order ORD1 by ada@example.com, now paid.',
      'Everything that needs attention',
      'You receive this because your address is one of the site’s sellers.',
    ]);
    expect(mail.text).toMatch(/^Paid twice for the same workshop\.\n\n/);
    expect(mail.html).toContain('Needs attention</h1>');
    expect(mail.html).toContain('>Open the order</span>');
    expectLink(mail, 'https://workshop.example.com/seller/orders/ORD1');
    expectLink(mail, 'https://workshop.example.com/seller/attention');
  });

  it('attention: escapes notes and addresses, and loads nothing', () => {
    const mail = renderAttentionMail({ ...flagged, note: TYPED }, links);
    expectEscaped(mail);
    expectNothingRemote(mail.html);
  });

  const day: DigestFigures = {
    day: '2027-01-12',
    ordersByStatus: [{ status: 'paid', count: 1 }],
    revenue: [{ currency: 'USD', totalMinor: 44_910, orders: 1 }],
    openBatches: [
      {
        id: 'WIFI7-2027-01-AM',
        description: 'Jan 12 - Mar 4, 2027',
        seatCapacity: 40,
        seatsTaken: 13,
      },
    ],
    buyerChanges: [
      { orderId: 'ORD2', email: 'bob@example.com', message: 'Your order is cancelled.' },
    ],
  };

  it('digest: every figure in both parts, the HTML as tables, and the link to the orders', () => {
    const mail = renderDigestMail(day, links);
    expectInBothParts(mail, [
      '$449.10 USD',
      'WIFI7-2027-01-AM',
      'Jan 12 - Mar 4, 2027',
      '27 of 40',
      'ORD2',
      'bob@example.com',
      'Your order is cancelled.',
    ]);
    expect(mail.text).toContain('Orders placed on 2027-01-12 (Pacific Time): 1\n  Paid: 1');
    expect(mail.html).toContain('Orders placed (Pacific Time): 1</h2>');
    expect(mail.html.match(/<table style="border-collapse:collapse/g)).toHaveLength(4);
    expectLink(mail, 'https://workshop.example.com/seller/orders', 'Orders');
  });

  it('digest: a day without anything says so in each section', () => {
    const quiet = renderDigestMail(
      { day: '2027-01-13', ordersByStatus: [], revenue: [], openBatches: [], buyerChanges: [] },
      links,
    );
    for (const note of [
      'No orders that day.',
      'Nothing paid that day.',
      'No open batches.',
      'No buyer changed an order that day.',
    ]) {
      expect(quiet.html).toContain(note);
    }
    expect(quiet.text).toContain('Paid on 2027-01-13: nothing paid');
    expect(quiet.text).toContain("Buyers' own changes (My orders): 0");
    expect(quiet.html).not.toContain('<th');
  });

  it('digest: escapes batch descriptions and buyer messages, and loads nothing', () => {
    const mail = renderDigestMail(
      {
        ...day,
        openBatches: [{ ...day.openBatches[0]!, description: TYPED }],
        buyerChanges: [{ ...day.buyerChanges[0]!, message: TYPED }],
      },
      links,
    );
    expectEscaped(mail);
    expectNothingRemote(mail.html);
  });
});

describe('SMTP settings', () => {
  it('names the server without its credentials, and the sender domain', () => {
    expect(describeSmtpUrl('smtp://AKIA:s3cret@email-smtp.us-east-1.amazonaws.com:587')).toBe(
      'smtp://email-smtp.us-east-1.amazonaws.com:587 (with credentials)',
    );
    expect(describeSmtpUrl('smtp://localhost:4025')).toBe('smtp://localhost:4025');
    expect(senderDomain('"Wi-Fi 7 Workshop" <workshop@example.com>')).toBe('example.com');
    expect(senderDomain('workshop@mail.example.org')).toBe('mail.example.org');
  });
});
