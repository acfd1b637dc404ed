/**
 * The sellers' e-mail about one item on the back office's "Needs attention"
 * list: what it is, who it concerns, and a link to act on it.
 */
import type { AttentionItem } from '../orders/needs-attention';
import { Action, MailLayout, Note, Paragraph, TextLink, Title } from '../core/mail/layout';
import { renderMailHtml } from '../core/mail/render';
import type { MailContent } from '../core/mail/transport';

export interface SellerLinks {
  /** The site's address, e.g. https://workshop.example.com. */
  siteUrl: string;
}

const orderUrl = (links: SellerLinks, orderId: string) =>
  `${links.siteUrl}/seller/orders/${encodeURIComponent(orderId)}`;
const attentionUrl = (links: SellerLinks) => `${links.siteUrl}/seller/attention`;

/** The footer of every message to the sellers. */
export const SELLER_FOOTER = 'You receive this because your address is one of the site’s sellers.';
const EVERYTHING = 'Everything that needs attention';

/** How each kind of hand-off reads in the sellers' e-mail. */
const HANDOFF_WORDS: Record<string, { outcome: string; message: string }> = {
  'enrollment.created': { outcome: 'enrolled at', message: 'the enrolment of' },
  'enrollment.revoked': { outcome: 'removed from', message: 'the removal of' },
  'enrollment.moved': { outcome: 'moved to their new batch at', message: 'the move of' },
  default: { outcome: 'acknowledged by', message: 'a hand-off for' },
};

interface Summary {
  subject: string;
  lines: string[];
  action: { label: string; href: string };
}

function summarise(item: AttentionItem, links: SellerLinks): Summary {
  switch (item.kind) {
    case 'order-flagged':
      return {
        subject: `Needs attention: order ${item.orderId} (${item.email})`,
        lines: [item.note, `Order ${item.orderId} by ${item.email}, now ${item.status}.`],
        action: { label: 'Open the order', href: orderUrl(links, item.orderId) },
      };
    case 'handoff-stuck':
    case 'paid-not-handed-off': {
      const { outcome, message } = HANDOFF_WORDS[item.handoffKind] ?? HANDOFF_WORDS.default!;
      return {
        subject: `Needs attention: ${item.email} not yet ${outcome} the courses portal`,
        lines: [
          `The courses portal has not acknowledged ${message} ` +
            `${item.email} (order ${item.orderId}) after ${item.attempts} attempts.`,
          `Last error: ${item.lastError ?? 'none recorded'}.`,
          'The site keeps retrying; check that the portal is up and its hand-off secret matches.',
        ],
        action: { label: 'Open the order', href: orderUrl(links, item.orderId) },
      };
    }
    case 'webhooks-refused':
      return {
        subject: `Needs attention: ${item.count} ${item.provider} webhooks refused in the last hour`,
        lines: [
          `${item.count} webhook deliveries claiming to come from ${item.provider} were refused ` +
            'in the last hour (bad signature, bad headers or not JSON).',
          'Someone may be probing the site, or the webhook settings no longer match the provider’s.',
        ],
        action: { label: 'Open “Needs attention”', href: attentionUrl(links) },
      };
    case 'holds-clustered': {
      const from =
        item.by === 'network' ? `one network (${item.value})` : `addresses at ${item.value}`;
      return {
        subject: `Needs attention: ${item.count} unpaid orders in batch ${item.batchId} from ${from}`,
        lines: [
          `${item.count} unpaid orders hold seats in batch ${item.batchId}, all from ${from}.`,
          'One person with several e-mail addresses may be holding seats other buyers cannot buy; ' +
            'if so, release the holds in the back office.',
        ],
        action: { label: 'Open “Needs attention”', href: attentionUrl(links) },
      };
    }
  }
}

interface AttentionProps {
  item: AttentionItem;
  links: SellerLinks;
}

export function AttentionEmail({ item, links }: AttentionProps) {
  const { subject, lines, action } = summarise(item, links);
  return (
    <MailLayout title={subject} footer={SELLER_FOOTER}>
      <Title>Needs attention</Title>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Action href={action.href}>{action.label}</Action>
      <Note>
        {EVERYTHING}: <TextLink href={attentionUrl(links)} />
      </Note>
    </MailLayout>
  );
}

function attentionText({ item, links }: AttentionProps): string {
  const { lines, action } = summarise(item, links);
  return [
    ...lines.flatMap((line) => [line, '']),
    `${action.label}: ${action.href}`,
    `${EVERYTHING}: ${attentionUrl(links)}`,
    '',
    SELLER_FOOTER,
  ].join('\n');
}

export function renderAttentionMail(item: AttentionItem, links: SellerLinks): MailContent {
  const props = { item, links };
  return {
    subject: summarise(item, links).subject,
    text: attentionText(props),
    html: renderMailHtml(<AttentionEmail {...props} />),
  };
}
