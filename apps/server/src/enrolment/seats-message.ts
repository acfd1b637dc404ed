/**
 * A company order's buyer, once it is paid: who is enrolled (each of them
 * has their own confirmation) and how many seats are still open, with
 * where to name them (the invite links are on My orders).
 */
import { html, layout, styles } from '../core/mail/html';
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

export function renderSeatsSummaryMail(summary: SeatsSummary): RenderedMail {
  const subject = `Your order ${summary.orderId} is paid: ${summary.productName}`;
  const enrolledLines = summary.enrolled.map((person) => `${person.name} (${person.email})`);
  const open =
    summary.openSeats === 0
      ? 'Every seat has its attendee.'
      : `${seatsWord(summary.openSeats)} ${summary.openSeats === 1 ? 'is' : 'are'} still open: ` +
        'name who attends, or send them the seat’s invite link, from My orders.';
  const text = [
    `Hello ${summary.firstName},`,
    '',
    `Your order ${summary.orderId} for ${summary.productName} (${summary.batchDescription}) is paid.`,
    '',
    summary.enrolled.length === 0
      ? 'Nobody is enrolled yet.'
      : 'Enrolled (each has their own confirmation with how to join):',
    ...enrolledLines.map((line) => `- ${line}`),
    '',
    open,
    `My orders: ${summary.myOrdersUrl}`,
    '',
    'Questions? Reply to this e-mail.',
  ].join('\n');
  const body = html`
    <h1 style="${styles.heading}">Your order is paid</h1>
    <p style="${styles.paragraph}">Hello ${summary.firstName},</p>
    <p style="${styles.paragraph}">
      Your order ${summary.orderId} for <strong>${summary.productName}</strong>
      (${summary.batchDescription}) is paid.
    </p>
    ${
      summary.enrolled.length === 0
        ? html`<p style="${styles.paragraph}">Nobody is enrolled yet.</p>`
        : html`<p style="${styles.paragraph}">
              Enrolled (each has their own confirmation with how to join):
            </p>
            <ul style="${styles.paragraph};padding-left:20px">
              ${enrolledLines.map((line) => html`<li style="margin:0 0 4px">${line}</li>`)}
            </ul>`
    }
    <p style="${styles.paragraph}">${open}</p>
    <p style="margin:16px 0 20px">
      <a href="${summary.myOrdersUrl}" style="${styles.button}">Open My orders</a>
    </p>
  `;
  return {
    subject,
    text,
    html: layout(subject, body, 'Questions? Reply to this e-mail.'),
    attachments: [],
  };
}
