/**
 * What a buyer is told by e-mail after acting on their own order (My
 * orders): the outcome in one line, which order, and where to see it. It is
 * written into the outbox in the transaction that records the action, under
 * the request's key, so it goes out exactly when the action happened, once.
 */
import type { Db } from '../db/client';
import { enqueueMail } from '../core/mail/outbox';
import { html, layout, styles } from '../core/mail/html';
import type { OrderRow } from './repository';

export interface BuyerActionMail {
  order: Pick<OrderRow, 'id' | 'email' | 'billing' | 'workshopName' | 'batchDescription'>;
  subject: string;
  /** What happened, in the buyer's words (the action's outcome). */
  outcome: string;
  requestKey: string;
  /** The site's "My orders" page. */
  myOrdersUrl: string;
}

export async function enqueueBuyerActionMail(db: Db, mail: BuyerActionMail): Promise<void> {
  const { order } = mail;
  const footer = 'Questions? Reply to this e-mail.';
  const text = [
    `Hello ${order.billing.firstName},`,
    '',
    mail.outcome,
    '',
    `Order: ${order.id}`,
    `Workshop: ${order.workshopName}`,
    `Batch: ${order.batchDescription}`,
    '',
    `Your orders: ${mail.myOrdersUrl}`,
    '',
    footer,
  ].join('\n');
  const body = html`
    <h1 style="${styles.heading}">${mail.subject}</h1>
    <p style="${styles.paragraph}">Hello ${order.billing.firstName},</p>
    <p style="${styles.paragraph}">${mail.outcome}</p>
    <p style="${styles.paragraph}">
      Order: ${order.id}<br />Workshop: ${order.workshopName}<br />Batch: ${order.batchDescription}
    </p>
    <p style="${styles.paragraph}">
      <a href="${mail.myOrdersUrl}" style="${styles.link}">See your orders</a>
    </p>
  `;
  await enqueueMail(db, {
    kind: 'buyer-action',
    dedupeKey: `buyer-action:${mail.requestKey}`,
    to: [order.email],
    orderId: order.id,
    subject: mail.subject,
    text,
    html: layout(mail.subject, body, footer),
    attachments: [],
  });
}
