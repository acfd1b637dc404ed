/**
 * A company order's buyer, once it is paid: who is enrolled (each of them
 * has their own confirmation) and how many seats are still open, with
 * where to name them (the invite links are on My orders).
 */
import {
  Action,
  BulletList,
  MailLayout,
  Paragraph,
  QUESTIONS_FOOTER,
  Title,
} from '../core/mail/layout';
import { renderMailHtml } from '../core/mail/render';
import type { RenderedMail } from './enrolment-message';

export interface SeatsSummary {
  orderId: string;
  firstName: string;
  productName: string;
  batchDescription: string;
  enrolled: { name: string; email: string }[];
  openSeats: number;
  myOrdersUrl: string;
}

const seatsWord = (count: number) => (count === 1 ? '1 seat' : `${count} seats`);
const ENROLLED = 'Enrolled (each has their own confirmation with how to join):';
const NOBODY = 'Nobody is enrolled yet.';

/** What the text and the HTML part both say, worked out once. */
function factsOf(summary: SeatsSummary) {
  return {
    subject: `Your order ${summary.orderId} is paid: ${summary.productName}`,
    enrolled: summary.enrolled.map((person) => `${person.name} (${person.email})`),
    open:
      summary.openSeats === 0
        ? 'Every seat has its attendee.'
        : `${seatsWord(summary.openSeats)} ${summary.openSeats === 1 ? 'is' : 'are'} still open: ` +
          'name who attends, or send them the seat’s invite link, from My orders.',
  };
}

export function SeatsSummaryEmail({ summary }: { summary: SeatsSummary }) {
  const facts = factsOf(summary);
  return (
    <MailLayout title={facts.subject} footer={QUESTIONS_FOOTER}>
      <Title>Your order is paid</Title>
      <Paragraph>Hello {summary.firstName},</Paragraph>
      <Paragraph>
        Your order {summary.orderId} for <strong>{summary.productName}</strong> (
        {summary.batchDescription}) is paid.
      </Paragraph>
      {facts.enrolled.length === 0 ? (
        <Paragraph>{NOBODY}</Paragraph>
      ) : (
        <>
          <Paragraph>{ENROLLED}</Paragraph>
          <BulletList items={facts.enrolled} />
        </>
      )}
      <Paragraph>{facts.open}</Paragraph>
      <Action href={summary.myOrdersUrl}>Open My orders</Action>
    </MailLayout>
  );
}

function seatsSummaryText(summary: SeatsSummary): string {
  const facts = factsOf(summary);
  return [
    `Hello ${summary.firstName},`,
    '',
    `Your order ${summary.orderId} for ${summary.productName} (${summary.batchDescription}) is paid.`,
    '',
    facts.enrolled.length === 0 ? NOBODY : ENROLLED,
    ...facts.enrolled.map((line) => `- ${line}`),
    '',
    facts.open,
    `My orders: ${summary.myOrdersUrl}`,
    '',
    QUESTIONS_FOOTER,
  ].join('\n');
}

export function renderSeatsSummaryMail(summary: SeatsSummary): RenderedMail {
  return {
    subject: factsOf(summary).subject,
    text: seatsSummaryText(summary),
    html: renderMailHtml(<SeatsSummaryEmail summary={summary} />),
    attachments: [],
  };
}
