/**
 * The buyer's confirmation once an order is paid: the workshop by its
 * catalog name, the batch, every session in Pacific Time, the amount paid,
 * how to reach the courses portal, what the buyer may do with the order
 * (the seller's policy it was placed under), and the sessions as a calendar file,
 * attached and as a link to the batch's calendar on the site (the same
 * events: importing both adds them once).
 */
import {
  batchCalendarPath,
  type BuyerPolicy,
  buyerPolicyTerms,
  type Currency,
  formatMoney,
} from '@wifi7/contract';
import { calendarFilename, sessionsCalendar } from '../core/time/calendar';
import { html, layout, styles } from '../core/mail/html';
import { describeSession, type Session } from '../core/time/pacific-time';
import type { MailContent } from '../core/mail/transport';

export interface EnrolmentDetails {
  orderId: string;
  email: string;
  firstName: string;
  /** The workshop's name in the catalog. */
  productName: string;
  batch: { id: string; description: string };
  /** Empty while the seller has not entered the batch's session times. */
  sessions: Session[];
  amount: { minor: number; currency: Currency };
  /** The policy the order was placed under (its own copy, not today's). */
  policy: BuyerPolicy;
  coursesPortalUrl: string;
  /** The site's address (`https://workshop.example.com`): the calendar link, and its host makes the events' ids unique. */
  siteUrl: string;
  paidAt: Date;
  /**
   * A company order's attendee: who bought the seat for them. Their e-mail
   * names the purchaser instead of the amount and the buyer's policy (the
   * purchaser's to use, not theirs).
   */
  purchaser?: string;
}

export type RenderedMail = Required<MailContent>;

export function enrolmentSubject(productName: string): string {
  return `Enrolment confirmed: ${productName}`;
}

const POLICY_HEADING = 'Cancelling or moving your seat';

export function formatPaid(minor: number, currency: Currency): string {
  return `${formatMoney(minor, currency)} ${currency}`;
}

export function renderEnrolmentMail(details: EnrolmentDetails): RenderedMail {
  const subject = enrolmentSubject(details.productName);
  const paid = formatPaid(details.amount.minor, details.amount.currency);
  const sessionLines = details.sessions.map(
    (session) => `${String(session.number).padStart(2, ' ')}. ${describeSession(session)}`,
  );
  const hasCalendar = details.sessions.length > 0;
  const filename = calendarFilename(details.batch.id);
  const count = details.sessions.length;
  const calendarUrl = `${details.siteUrl.replace(/\/+$/, '')}${batchCalendarPath(details.batch.id)}`;
  const terms = buyerPolicyTerms(details.policy, details.amount.currency);

  const text = [
    `Hello ${details.firstName},`,
    '',
    `Your seat in ${details.productName} is confirmed. Thank you for enrolling!`,
    '',
    `Batch: ${details.batch.description} (${details.batch.id})`,
    '',
    ...(hasCalendar
      ? [
          `Your ${count} live sessions (Pacific Time):`,
          ...sessionLines,
          '',
          `The attached calendar file (${filename}) puts all ${count} sessions in your calendar, ` +
            'at the right time wherever you are.',
          `Add the sessions to your calendar: ${calendarUrl}`,
        ]
      : ['The session dates and times are in the batch description above (Pacific Time).']),
    '',
    ...(details.purchaser
      ? [`Your seat was bought for you by ${details.purchaser} (order ${details.orderId}).`]
      : [`Amount paid: ${paid}`, `Order: ${details.orderId}`]),
    '',
    'How to join',
    `Sign in to the courses portal at ${details.coursesPortalUrl} with this e-mail address ` +
      `(${details.email}) and open the workshop under "My Courses". ` +
      'The link to each live session is there.',
    '',
    ...(details.purchaser ? [] : [POLICY_HEADING, ...terms.map((term) => `- ${term}`), '']),
    'Questions? Reply to this e-mail.',
  ].join('\n');

  const body = html`
    <h1 style="${styles.heading}">Enrolment confirmed</h1>
    <p style="${styles.paragraph}">Hello ${details.firstName},</p>
    <p style="${styles.paragraph}">
      Your seat in <strong>${details.productName}</strong> is confirmed. Thank you for enrolling!
    </p>
    <p style="${styles.paragraph}">
      <strong>Batch:</strong> ${details.batch.description} (${details.batch.id})
    </p>
    ${
      hasCalendar
        ? html`<h2 style="${styles.subheading}">Your ${count} live sessions (Pacific Time)</h2>
            <table role="presentation" style="${styles.table}">
              ${details.sessions.map(
                (session) =>
                  html`<tr>
                    <td style="${styles.cell};width:1.5em;padding-right:4px;color:#64748b">
                      ${session.number}
                    </td>
                    <td style="${styles.cell}">${describeSession(session)}</td>
                  </tr>`,
              )}
            </table>
            <p style="${styles.muted};margin-top:8px">
              The attached calendar file (${filename}) puts all ${count} sessions in your calendar,
              at the right time wherever you are.
            </p>
            <p style="${styles.paragraph}">
              <a href="${calendarUrl}" style="${styles.link}">Add the sessions to your calendar</a>
            </p>`
        : html`<p style="${styles.paragraph}">
            The session dates and times are in the batch description above (Pacific Time).
          </p>`
    }
    ${
      details.purchaser
        ? html`<p style="${styles.paragraph}">
            Your seat was bought for you by ${details.purchaser} (order ${details.orderId}).
          </p>`
        : html`<h2 style="${styles.subheading}">Payment</h2>
            <p style="${styles.paragraph}">
              Amount paid: <strong>${paid}</strong><br />Order: ${details.orderId}
            </p>`
    }
    <h2 style="${styles.subheading}">How to join</h2>
    <p style="${styles.paragraph}">
      Sign in to the courses portal with this e-mail address (${details.email}) and open the
      workshop under “My Courses”. The link to each live session is there.
    </p>
    <p style="margin:16px 0 20px">
      <a href="${details.coursesPortalUrl}" style="${styles.button}">Open the courses portal</a>
    </p>
    <p style="${styles.muted}">
      Or copy this address into your browser:
      <a href="${details.coursesPortalUrl}" style="${styles.link}">${details.coursesPortalUrl}</a>
    </p>
    ${
      details.purchaser
        ? ''
        : html`<h2 style="${styles.subheading}">${POLICY_HEADING}</h2>
            <ul style="${styles.paragraph};padding-left:20px">
              ${terms.map((term) => html`<li style="margin:0 0 4px">${term}</li>`)}
            </ul>`
    }
  `;

  return {
    subject,
    text,
    html: layout(subject, body, 'Questions? Reply to this e-mail.'),
    attachments: hasCalendar
      ? [
          {
            filename,
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: sessionsCalendar({
              productName: details.productName,
              batchId: details.batch.id,
              sessions: details.sessions,
              coursesPortalUrl: details.coursesPortalUrl,
              uidDomain: new URL(details.siteUrl).hostname,
              // When the file was issued: the moment the order was paid.
              stamp: details.paidAt,
            }),
          },
        ]
      : [],
  };
}
