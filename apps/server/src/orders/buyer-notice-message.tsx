/**
 * The buyer's notice after acting on their own order (My orders): it is
 * cancelled, cancelled and refunded (in part or in full), or moved to
 * another batch. The outcome in the buyer's words, which order, and where
 * to see it.
 */
import { MailLayout, Paragraph, QUESTIONS_FOOTER, TextLink, Title } from '../core/mail/layout';
import { renderMailHtml } from '../core/mail/render';
import type { MailContent } from '../core/mail/transport';

export interface BuyerNotice {
  /** Says what happened: "Your order is cancelled and refunded". */
  subject: string;
  /** What happened, in the buyer's words (the action's outcome). */
  outcome: string;
  firstName: string;
  orderId: string;
  workshopName: string;
  batchDescription: string;
  /** The site's "My orders" page. */
  myOrdersUrl: string;
}

export function BuyerNoticeEmail({ notice }: { notice: BuyerNotice }) {
  return (
    <MailLayout title={notice.subject} footer={QUESTIONS_FOOTER}>
      <Title>{notice.subject}</Title>
      <Paragraph>Hello {notice.firstName},</Paragraph>
      <Paragraph>{notice.outcome}</Paragraph>
      <Paragraph>
        Order: {notice.orderId}
        <br />
        Workshop: {notice.workshopName}
        <br />
        Batch: {notice.batchDescription}
      </Paragraph>
      <Paragraph>
        <TextLink href={notice.myOrdersUrl}>See your orders</TextLink>
      </Paragraph>
    </MailLayout>
  );
}

function buyerNoticeText(notice: BuyerNotice): string {
  return [
    `Hello ${notice.firstName},`,
    '',
    notice.outcome,
    '',
    `Order: ${notice.orderId}`,
    `Workshop: ${notice.workshopName}`,
    `Batch: ${notice.batchDescription}`,
    '',
    `Your orders: ${notice.myOrdersUrl}`,
    '',
    QUESTIONS_FOOTER,
  ].join('\n');
}

export function renderBuyerNotice(notice: BuyerNotice): Required<MailContent> {
  return {
    subject: notice.subject,
    text: buyerNoticeText(notice),
    html: renderMailHtml(<BuyerNoticeEmail notice={notice} />),
    attachments: [],
  };
}
