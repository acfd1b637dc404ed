/**
 * The e-mail that offers a waiting buyer a freed seat: which batch, until
 * when the seat is held (Pacific Time, the workshop's zone, and UTC), and
 * the link that opens the offer and takes them to checkout.
 */
import {
  dateText,
  momentText,
  PACIFIC_TIME_ZONE,
  WAITLIST_OFFER_HOURS,
  WAITLIST_OFFER_PAGE,
  WEEKDAYS,
  zoneAbbreviation,
  zonedTime,
} from '@wifi7/contract';
import { Action, MailLayout, Note, Paragraph, TextLink, Title } from '../../core/mail/layout';
import { renderMailHtml } from '../../core/mail/render';
import type { MailContent } from '../../core/mail/transport';

export interface OfferMailInput {
  productName: string;
  batchDescription: string;
  /** The offer link's secret (only ever in this e-mail). */
  token: string;
  offerExpiresAt: Date;
  /** The site's address, e.g. https://workshop.example.com. */
  siteUrl: string;
}

export function offerLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${WAITLIST_OFFER_PAGE}?token=${encodeURIComponent(token)}`;
}

/** "Tue, Jan 12, 9:00 AM PST" and "Tue, Jan 12, 17:00 UTC". */
export function holdTimes(instant: Date): { pacific: string; utc: string } {
  const utc = zonedTime(instant, 'UTC');
  return {
    pacific: `${momentText(instant, PACIFIC_TIME_ZONE)} ${zoneAbbreviation(instant, PACIFIC_TIME_ZONE)}`,
    utc: `${WEEKDAYS[utc.weekday]}, ${dateText(utc)}, ${instant.toISOString().slice(11, 16)} UTC`,
  };
}

const FOOTER = 'You receive this because you joined the waitlist of this batch with this address.';
const TAKE_MY_SEAT = 'Take my seat';

/** What the subject, the text and the HTML part all say, worked out once. */
function factsOf(input: OfferMailInput) {
  const until = holdTimes(input.offerExpiresAt);
  return {
    subject: `A seat is free in the ${input.productName}: it is held for you until ${until.pacific}`,
    link: offerLink(input.siteUrl, input.token),
    lines: [
      `Good news: a seat has come free in the batch you were waiting for, ${input.batchDescription}.`,
      `It is held for you for ${WAITLIST_OFFER_HOURS} hours, until ${until.pacific} (${until.utc}). ` +
        'Open the link below while signed in with this e-mail address and you go straight to checkout.',
      'If you do not use it by then, the seat goes to the next person in line.',
    ],
  };
}

export function OfferEmail({ input }: { input: OfferMailInput }) {
  const { subject, link, lines } = factsOf(input);
  return (
    <MailLayout title={subject} footer={FOOTER}>
      <Title>A seat is free for you</Title>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Action href={link}>{TAKE_MY_SEAT}</Action>
      <Note>
        Or copy this link into your browser: <TextLink href={link} />
      </Note>
    </MailLayout>
  );
}

function offerText(input: OfferMailInput): string {
  const { link, lines } = factsOf(input);
  return [...lines.flatMap((line) => [line, '']), `${TAKE_MY_SEAT}: ${link}`, '', FOOTER].join(
    '\n',
  );
}

export function renderOfferMail(input: OfferMailInput): MailContent {
  return {
    subject: factsOf(input).subject,
    text: offerText(input),
    html: renderMailHtml(<OfferEmail input={input} />),
  };
}
