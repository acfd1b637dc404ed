import { NO_BUYER_CHANGES } from '@wifi7/contract';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogFile } from '../catalog/catalog-file';
import { findRepositoryRoot } from '../lib/repository-root';
import { type EnrolmentDetails, renderEnrolmentMail } from './enrolment-message';
import { sessionsOf } from '../core/time/pacific-time';
import { readCalendar } from '../../test/support/calendar';
import { expectEscaped, expectInBothParts, expectLink, TYPED } from '../../test/support/mail-parts';

const catalog = readCatalogFile(path.join(findRepositoryRoot(), 'catalog', 'catalog.json'));
const workshop = catalog.workshops[0]!;

/** Tuesdays and Thursdays, Feb 2 – Mar 23, 2027: across the start of daylight saving (Mar 14). */
const springStarts = [
  '2027-02-02',
  '2027-02-04',
  '2027-02-09',
  '2027-02-11',
  '2027-02-16',
  '2027-02-18',
  '2027-02-23',
  '2027-02-25',
  '2027-03-02',
  '2027-03-04',
  '2027-03-09',
  '2027-03-11',
  '2027-03-16',
  '2027-03-18',
  '2027-03-23',
].map((day) => `${day}T09:00`);

function details(overrides: Partial<EnrolmentDetails> = {}): EnrolmentDetails {
  return {
    orderId: 'ORD0000000000001',
    email: 'ada@example.com',
    firstName: 'Ada',
    productName: workshop.name,
    batch: {
      id: 'WIFI7-2027-02-AM',
      description: 'Feb 2 - Mar 23, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
    },
    sessions: sessionsOf(springStarts, 120),
    amount: { minor: 44_910, currency: 'USD' },
    coursesPortalUrl: 'https://courses.example.com',
    siteUrl: 'https://workshop.example.com',
    paidAt: new Date('2027-01-20T18:30:00Z'),
    policy: NO_BUYER_CHANGES,
    ...overrides,
  };
}

describe('the enrolment e-mail', () => {
  it("is titled with the catalog's name of the workshop", () => {
    const mail = renderEnrolmentMail(details());
    expect(mail.subject).toBe(`Enrolment confirmed: ${workshop.name}`);
    expect(mail.subject).toBe('Enrolment confirmed: Wi-Fi 7 (802.11be) Live Online Workshop');
  });

  it('lists the batch, the 15 sessions in Pacific Time, the amount paid and the way in', () => {
    const { text, html } = renderEnrolmentMail(details());
    for (const part of [text, html]) {
      expect(part).toContain('Feb 2 - Mar 23, 2027 (Americas) -- Tue &');
      expect(part).toContain('WIFI7-2027-02-AM');
      expect(part).toContain('$449.10 USD');
      expect(part).toContain('https://courses.example.com');
      expect(part).toContain('My Courses');
      expect(part).toContain('ada@example.com');
      expect(part).toContain('Tue, Feb 2, 2027, 9:00 – 11:00 AM PST');
      expect(part).toContain('Thu, Mar 11, 2027, 9:00 – 11:00 AM PST');
      expect(part).toContain('Tue, Mar 16, 2027, 9:00 – 11:00 AM PDT');
    }
    expect(text).toContain('Your 15 live sessions (Pacific Time):');
    expect(text.match(/^ ?\d+\. \w{3}, /gm)).toHaveLength(15);
  });

  it('attaches the 15 sessions as a calendar in America/Los_Angeles, right across daylight saving', () => {
    const [attachment] = renderEnrolmentMail(details()).attachments;
    expect(attachment).toMatchObject({
      filename: 'sessions-wifi7-2027-02-am.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    });
    const ics = attachment!.content;
    expect(ics.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(15);
    expect(ics.match(/^DTSTART;TZID=America\/Los_Angeles:\d{8}T090000\r$/gm)).toHaveLength(15);
    expect(ics.match(/^DTEND;TZID=America\/Los_Angeles:\d{8}T110000\r$/gm)).toHaveLength(15);
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\n');
    expect(ics).toContain('DTSTAMP:20270120T183000Z');
    expect(ics).not.toMatch(/TZURL|http:\/\//);

    const events = readCalendar(ics);
    expect(events).toHaveLength(15);
    expect(events[0]).toMatchObject({
      uid: 'WIFI7-2027-02-AM-session-1@workshop.example.com',
      summary: `${workshop.name} — session 1 of 15`,
      start: '2027-02-02T17:00:00.000Z',
      end: '2027-02-02T19:00:00.000Z',
      zone: 'America/Los_Angeles',
    });
    // Thursday, March 11 is still standard time; Tuesday, March 16 is daylight time.
    expect(events[11]!.start).toBe('2027-03-11T17:00:00.000Z');
    expect(events[12]!.start).toBe('2027-03-16T16:00:00.000Z');
    expect(events[14]!.end).toBe('2027-03-23T18:00:00.000Z');
    expect(new Set(events.map((event) => event.uid)).size).toBe(15);
  });

  it("names the calendar's events by batch and session, not by order, so a second import updates them", () => {
    const calendarOf = (orderId: string) =>
      renderEnrolmentMail(details({ orderId })).attachments[0]!.content;
    const first = calendarOf('ORD0000000000001');
    expect(calendarOf('ORD0000000000002')).toBe(first);
    expect(readCalendar(first).map((event) => event.uid)).toEqual(
      Array.from(
        { length: 15 },
        (_, index) => `WIFI7-2027-02-AM-session-${index + 1}@workshop.example.com`,
      ),
    );
    expect(first).not.toContain('ORD0000000000001');
  });

  it("links to the batch's calendar on the site, in the text and the HTML", () => {
    const { text, html } = renderEnrolmentMail(details());
    const link = 'https://workshop.example.com/api/batches/WIFI7-2027-02-AM/calendar.ics';
    expect(text).toContain(`Add the sessions to your calendar: ${link}`);
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain('>Add the sessions to your calendar</a>');
  });

  it('is right at the end of daylight saving too (November)', () => {
    const starts = ['2027-11-02T19:00', '2027-11-04T19:00', '2027-11-09T19:00'];
    const [attachment] = renderEnrolmentMail(
      details({ sessions: sessionsOf(starts, 120) }),
    ).attachments;
    expect(readCalendar(attachment!.content).map((event) => event.start)).toEqual([
      '2027-11-03T02:00:00.000Z',
      '2027-11-05T02:00:00.000Z',
      '2027-11-10T03:00:00.000Z',
    ]);
  });

  it('still goes out without session times: the batch description, and no calendar', () => {
    const mail = renderEnrolmentMail(details({ sessions: [] }));
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain('Feb 2 - Mar 23, 2027');
    expect(mail.text).not.toContain('live sessions');
    expect(mail.html).not.toContain('calendar file');
    expect(mail.text).not.toContain('calendar.ics');
    expect(mail.html).not.toContain('calendar.ics');
  });

  it('shows rupees for India', () => {
    const mail = renderEnrolmentMail(details({ amount: { minor: 4_129_900, currency: 'INR' } }));
    expect(mail.text).toContain('Amount paid: ₹41,299.00 INR');
  });

  it('escapes what people typed, and loads nothing from anywhere', () => {
    const { html } = renderEnrolmentMail(
      details({ firstName: '<img src="https://tracker.example/p.gif">' }),
    );
    expect(html).toContain('&lt;img src=&quot;https://tracker.example/p.gif&quot;&gt;');
    expect(html).not.toMatch(/<img|<script|<link|url\(|src="/i);
  });

  it('escapes every value people typed or the seller entered, in the HTML only', () => {
    for (const typed of [
      { firstName: TYPED },
      { productName: TYPED },
      { batch: { id: 'WIFI7-2027-02-AM', description: TYPED } },
    ]) {
      expectEscaped(renderEnrolmentMail(details(typed)));
    }
  });

  it("a company order's attendee: who bought the seat, no amount and no buyer's policy", () => {
    const mail = renderEnrolmentMail(details({ purchaser: 'grace@example.com' }));
    expectInBothParts(mail, [
      'Hello Ada,',
      'Your seat was bought for you by grace@example.com (order ORD0000000000001).',
      'ada@example.com',
    ]);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('$449.10');
      expect(part).not.toContain('Cancelling or moving your seat');
    }
    expectLink(mail, 'https://courses.example.com');
    expect(mail.attachments).toHaveLength(1);
  });

  describe("says what the buyer may do with the order, under the order's own policy", () => {
    it('only through the seller, when the order came with no buyer changes', () => {
      const { text, html } = renderEnrolmentMail(details());
      expect(text).toContain(
        [
          'Cancelling or moving your seat',
          '- A paid order cannot be cancelled for a refund from this site; write to us if you cannot attend.',
          '- To move to another batch, write to us.',
          '- An unpaid order may be cancelled at any time.',
        ].join('\n'),
      );
      expect(html).toContain(
        '<h2 style="margin:24px 0 8px;font-size:16px;color:#0b1f3a">Cancelling or moving your seat</h2>',
      );
      expect(html).toContain('write to us if you cannot attend.</li>');
    });

    it('with the windows and the amount kept, in the currency paid', () => {
      const policy = {
        refundUntilDaysBefore: 14,
        keep: { kind: 'fixed', USD: 5_000, INR: 400_000 },
        moveUntilDaysBefore: 1,
      } as const;
      const { text, html } = renderEnrolmentMail(
        details({ policy, amount: { minor: 4_129_900, currency: 'INR' } }),
      );
      const refund =
        'You may cancel a paid order until 14 days before the first session: ₹4,000.00 of it is kept.';
      const move =
        'You may move to another open batch of the workshop until 1 day before the first session, when it has a free seat.';
      expect(text).toContain(`- ${refund}\n- ${move}\n`);
      expect(html).toContain(`${refund}</li>`);
      expect(html).toContain(`${move}</li>`);
      expect(text).not.toContain('$50.00');
    });
  });
});
