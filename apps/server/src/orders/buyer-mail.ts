/**
 * What a buyer is told by e-mail after acting on their own order (My
 * orders; the message is buyer-notice-message.tsx). It is written into the
 * outbox in the transaction that records the action, under the request's
 * key, so it goes out exactly when the action happened, once.
 */
import type { Db } from '../db/client';
import { enqueueMail } from '../core/mail/outbox';
import { renderBuyerNotice } from './buyer-notice-message';
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
  await enqueueMail(db, {
    kind: 'buyer-action',
    dedupeKey: `buyer-action:${mail.requestKey}`,
    to: [order.email],
    orderId: order.id,
    ...renderBuyerNotice({
      subject: mail.subject,
      outcome: mail.outcome,
      firstName: order.billing.firstName,
      orderId: order.id,
      workshopName: order.workshopName,
      batchDescription: order.batchDescription,
      myOrdersUrl: mail.myOrdersUrl,
    }),
  });
}
