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
import {
  Action,
  BulletList,
  MailLayout,
  Note,
  QUESTIONS_FOOTER,
  Paragraph,
  styles,
  Subheading,
  TextLink,
  Title,
} from '../core/mail/layout';
import { renderMailHtml } from '../core/mail/render';
import { describeSession, type Session } from '../core/time/pacific-time';
import type { MailAttachment, MailContent } from '../core/mail/transport';

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

/** What the text and the HTML part both say, worked out once. */
function factsOf(details: EnrolmentDetails) {
  const count = details.sessions.length;
  return {
    paid: formatPaid(details.amount.minor, details.amount.currency),
    hasCalendar: count > 0,
    count,
    filename: calendarFilename(details.batch.id),
    calendarUrl: `${details.siteUrl.replace(/\/+$/, '')}${batchCalendarPath(details.batch.id)}`,
    terms: buyerPolicyTerms(details.policy, details.amount.currency),
    batch: `${details.batch.description} (${details.batch.id})`,
    calendarNote:
      `The attached calendar file (${calendarFilename(details.batch.id)}) puts all ${count} ` +
      'sessions in your calendar, at the right time wherever you are.',
    boughtBy: `Your seat was bought for you by ${details.purchaser} (order ${details.orderId}).`,
  };
}

const NO_SESSION_TIMES =
  'The session dates and times are in the batch description above (Pacific Time).';
const ADD_TO_CALENDAR = 'Add the sessions to your calendar';

export function EnrolmentEmail({ details }: { details: EnrolmentDetails }) {
  const facts = factsOf(details);
  return (
    <MailLayout title={enrolmentSubject(details.productName)} footer={QUESTIONS_FOOTER}>
      <Title>Enrolment confirmed</Title>
      <Paragraph>Hello {details.firstName},</Paragraph>
      <Paragraph>
        Your seat in <strong>{details.productName}</strong> is confirmed. Thank you for enrolling!
      </Paragraph>
      <Paragraph>
        <strong>Batch:</strong> {facts.batch}
      </Paragraph>
      {facts.hasCalendar ? (
        <>
          <Subheading>Your {facts.count} live sessions (Pacific Time)</Subheading>
          <table role="presentation" style={styles.table}>
            <tbody>
              {details.sessions.map((session) => (
                <tr key={session.number}>
                  <td
                    style={{
                      ...styles.cell,
                      width: '1.5em',
                      paddingRight: '4px',
                      color: '#64748b',
                    }}
                  >
                    {session.number}
                  </td>
                  <td style={styles.cell}>{describeSession(session)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Note style={{ marginTop: '8px' }}>{facts.calendarNote}</Note>
          <Paragraph>
            <TextLink href={facts.calendarUrl}>{ADD_TO_CALENDAR}</TextLink>
          </Paragraph>
        </>
      ) : (
        <Paragraph>{NO_SESSION_TIMES}</Paragraph>
      )}
      {details.purchaser ? (
        <Paragraph>{facts.boughtBy}</Paragraph>
      ) : (
        <>
          <Subheading>Payment</Subheading>
          <Paragraph>
            Amount paid: <strong>{facts.paid}</strong>
            <br />
            Order: {details.orderId}
          </Paragraph>
        </>
      )}
      <Subheading>How to join</Subheading>
      <Paragraph>
        Sign in to the courses portal with this e-mail address ({details.email}) and open the
        workshop under “My Courses”. The link to each live session is there.
      </Paragraph>
      <Action href={details.coursesPortalUrl}>Open the courses portal</Action>
      <Note>
        Or copy this address into your browser: <TextLink href={details.coursesPortalUrl} />
      </Note>
      {details.purchaser ? null : (
        <>
          <Subheading>{POLICY_HEADING}</Subheading>
          <BulletList items={facts.terms} />
        </>
      )}
    </MailLayout>
  );
}

function enrolmentText(details: EnrolmentDetails): string {
  const facts = factsOf(details);
  const sessionLines = details.sessions.map(
    (session) => `${String(session.number).padStart(2, ' ')}. ${describeSession(session)}`,
  );
  return [
    `Hello ${details.firstName},`,
    '',
    `Your seat in ${details.productName} is confirmed. Thank you for enrolling!`,
    '',
    `Batch: ${facts.batch}`,
    '',
    ...(facts.hasCalendar
      ? [
          `Your ${facts.count} live sessions (Pacific Time):`,
          ...sessionLines,
          '',
          facts.calendarNote,
          `${ADD_TO_CALENDAR}: ${facts.calendarUrl}`,
        ]
      : [NO_SESSION_TIMES]),
    '',
    ...(details.purchaser
      ? [facts.boughtBy]
      : [`Amount paid: ${facts.paid}`, `Order: ${details.orderId}`]),
    '',
    'How to join',
    `Sign in to the courses portal at ${details.coursesPortalUrl} with this e-mail address ` +
      `(${details.email}) and open the workshop under "My Courses". ` +
      'The link to each live session is there.',
    '',
    ...(details.purchaser ? [] : [POLICY_HEADING, ...facts.terms.map((term) => `- ${term}`), '']),
    QUESTIONS_FOOTER,
  ].join('\n');
}

export function renderEnrolmentMail(details: EnrolmentDetails): RenderedMail {
  return {
    subject: enrolmentSubject(details.productName),
    text: enrolmentText(details),
    html: renderMailHtml(<EnrolmentEmail details={details} />),
    attachments: details.sessions.length > 0 ? [calendarOf(details)] : [],
  };
}

function calendarOf(details: EnrolmentDetails): MailAttachment {
  return {
    filename: calendarFilename(details.batch.id),
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
  };
}
