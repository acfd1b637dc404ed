/**
 * `npm run mail:preview`: every e-mail the site sends, in every variant,
 * rendered from sample data into .data/mail-preview/ as .html (open it in a
 * browser) and .txt (the text part, under its subject), so the seller can
 * check their branding and wording without sending anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NO_BUYER_CHANGES, type BuyerPolicy } from '@wifi7/contract';
import { signInMessage } from '../core/identity/sign-in-message';
import type { MailContent } from '../core/mail/transport';
import { sessionsOf } from '../core/time/pacific-time';
import { renderAttentionMail } from '../enrolment/attention-message';
import { renderDigestMail } from '../enrolment/digest-message';
import { type EnrolmentDetails, renderEnrolmentMail } from '../enrolment/enrolment-message';
import { renderSeatsSummaryMail, type SeatsSummary } from '../enrolment/seats-message';
import { renderOfferMail } from '../inventory/waitlist/offer-mail';
import { findRepositoryRoot } from '../lib/repository-root';
import { type BuyerNotice, renderBuyerNotice } from '../orders/buyer-notice-message';

const siteUrl = 'https://workshop.example.com';
const links = { siteUrl };
const workshop = 'Wi-Fi 7 (802.11be) Live Online Workshop';
const batch = {
  id: 'WIFI7-2027-01-AM',
  description: 'Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
};
const starts = ['2027-01-12', '2027-01-14', '2027-01-19', '2027-01-21'].map(
  (day) => `${day}T09:00`,
);
const policy: BuyerPolicy = {
  refundUntilDaysBefore: 14,
  keep: { kind: 'percent', percent: 10 },
  moveUntilDaysBefore: 7,
};
const since = new Date('2027-01-11T17:00:00Z');

const enrolment: EnrolmentDetails = {
  orderId: 'ORD7Y5BW3VMZ86Z9',
  email: 'grace@example.com',
  firstName: 'Grace',
  productName: workshop,
  batch,
  sessions: sessionsOf(starts, 120),
  amount: { minor: 49_900, currency: 'USD' },
  policy,
  coursesPortalUrl: 'https://courses.example.com',
  siteUrl,
  paidAt: since,
};

const seats: SeatsSummary = {
  orderId: 'ORDK3QF8T2NWX4HC',
  firstName: 'Grace',
  productName: workshop,
  batchDescription: batch.description,
  enrolled: [
    { name: 'Ada Lovelace', email: 'ada@example.com' },
    { name: 'Alan Turing', email: 'alan@example.com' },
  ],
  openSeats: 2,
  myOrdersUrl: `${siteUrl}/my-orders`,
};

const notice = (subject: string, outcome: string): BuyerNotice => ({
  subject,
  outcome,
  firstName: 'Grace',
  orderId: 'ORD7Y5BW3VMZ86Z9',
  workshopName: workshop,
  batchDescription: batch.description,
  myOrdersUrl: `${siteUrl}/my-orders`,
});

const handoff = {
  kind: 'handoff-stuck',
  key: 'handoff:H1',
  orderId: 'ORD7Y5BW3VMZ86Z9',
  email: 'grace@example.com',
  handoffId: 'H1',
  handoffKind: 'enrollment.created',
  attempts: 6,
  lastError: 'portal answered 503',
  since,
} as const;

/** Every message by the file name it is previewed under. */
const MESSAGES: Record<string, () => MailContent> = {
  'sign-in': () =>
    signInMessage(
      'grace@example.com',
      `${siteUrl}/login?mode=signIn&oobCode=SAMPLE-CODE&continueUrl=%2Fmy-orders`,
    ),
  'enrolment-with-calendar': () => renderEnrolmentMail(enrolment),
  'enrolment-without-calendar': () =>
    renderEnrolmentMail({ ...enrolment, sessions: [], policy: NO_BUYER_CHANGES }),
  'enrolment-company-attendee': () =>
    renderEnrolmentMail({
      ...enrolment,
      email: 'ada@example.com',
      firstName: 'Ada',
      purchaser: 'grace@example.com',
    }),
  'seats-summary-open-seats': () => renderSeatsSummaryMail(seats),
  'seats-summary-every-seat-named': () => renderSeatsSummaryMail({ ...seats, openSeats: 0 }),
  'buyer-cancelled': () =>
    renderBuyerNotice(
      notice(
        'Your order is cancelled',
        'Your order is cancelled and its invoice withdrawn. Nothing was charged.',
      ),
    ),
  'buyer-refunded-in-full': () =>
    renderBuyerNotice(
      notice(
        'Your order is cancelled and refunded',
        'Your order is cancelled and $499.00 is on its way back to you through PayPal. Your seat is given up.',
      ),
    ),
  'buyer-refunded-in-part': () =>
    renderBuyerNotice(
      notice(
        'Your order is cancelled and refunded',
        'Your order is cancelled and $449.10 is on its way back to you through PayPal ($49.90 is kept, as the policy of your order says). Your seat is given up.',
      ),
    ),
  'buyer-moved': () =>
    renderBuyerNotice(
      notice(
        'Your order moved to another batch',
        'Your seat moved to Apr 6 - May 25, 2027 (Americas). The new confirmation follows.',
      ),
    ),
  'waitlist-offer': () =>
    renderOfferMail({
      productName: workshop,
      batchDescription: batch.description,
      token: 'SAMPLE-TOKEN',
      offerExpiresAt: new Date('2027-01-06T17:30:00Z'),
      siteUrl,
    }),
  'attention-order-flagged': () =>
    renderAttentionMail(
      {
        kind: 'order-flagged',
        key: 'order:ORD7Y5BW3VMZ86Z9',
        orderId: 'ORD7Y5BW3VMZ86Z9',
        email: 'grace@example.com',
        status: 'paid',
        note: 'Paid twice for the same workshop: refund one of the payments.',
        since,
      },
      links,
    ),
  'attention-handoff-stuck': () => renderAttentionMail(handoff, links),
  'attention-webhooks-refused': () =>
    renderAttentionMail(
      { kind: 'webhooks-refused', key: 'webhooks:paypal', provider: 'paypal', count: 25, since },
      links,
    ),
  'attention-holds-clustered': () =>
    renderAttentionMail(
      {
        kind: 'holds-clustered',
        key: 'holds:1',
        batchId: batch.id,
        by: 'domain',
        value: 'example.net',
        count: 6,
        since,
      },
      links,
    ),
  'digest-busy-day': () =>
    renderDigestMail(
      {
        day: '2027-01-11',
        ordersByStatus: [
          { status: 'awaiting_payment', count: 2 },
          { status: 'paid', count: 3 },
          { status: 'cancelled', count: 1 },
        ],
        revenue: [
          { currency: 'INR', totalMinor: 4_129_900, orders: 1 },
          { currency: 'USD', totalMinor: 99_800, orders: 2 },
        ],
        openBatches: [
          { ...batch, seatCapacity: 40, seatsTaken: 13 },
          {
            id: 'WIFI7-2027-04-EU',
            description: 'Apr 6 - May 25, 2027 (Europe/India) -- Tue & Thu',
            seatCapacity: 30,
            seatsTaken: 30,
          },
        ],
        buyerChanges: [
          {
            orderId: 'ORD7Y5BW3VMZ86Z9',
            email: 'grace@example.com',
            message: 'Your seat moved to Apr 6 - May 25, 2027 (Americas).',
          },
        ],
      },
      links,
    ),
  'digest-quiet-day': () =>
    renderDigestMail(
      { day: '2027-01-12', ordersByStatus: [], revenue: [], openBatches: [], buyerChanges: [] },
      links,
    ),
};

const folder = path.join(findRepositoryRoot(), '.data', 'mail-preview');
fs.mkdirSync(folder, { recursive: true });
for (const [name, render] of Object.entries(MESSAGES)) {
  const mail = render();
  const file = path.join(folder, name);
  fs.writeFileSync(`${file}.html`, mail.html);
  fs.writeFileSync(`${file}.txt`, `Subject: ${mail.subject}\n\n${mail.text}\n`);
  for (const attachment of mail.attachments ?? []) {
    fs.writeFileSync(path.join(folder, `${name}-${attachment.filename}`), attachment.content);
  }
  console.log(`${file}.html  ${file}.txt`);
}
