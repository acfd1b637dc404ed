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
import { html, layout, styles } from '../../core/mail/html';
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

export function renderOfferMail(input: OfferMailInput): MailContent {
  const link = offerLink(input.siteUrl, input.token);
  const until = holdTimes(input.offerExpiresAt);
  const subject = `A seat is free in the ${input.productName}: it is held for you until ${until.pacific}`;
  const lines = [
    `Good news: a seat has come free in the batch you were waiting for, ${input.batchDescription}.`,
    `It is held for you for ${WAITLIST_OFFER_HOURS} hours, until ${until.pacific} (${until.utc}). ` +
      'Open the link below while signed in with this e-mail address and you go straight to checkout.',
    'If you do not use it by then, the seat goes to the next person in line.',
  ];
  const footer =
    'You receive this because you joined the waitlist of this batch with this address.';
  const text = [...lines.flatMap((line) => [line, '']), `Take my seat: ${link}`, '', footer].join(
    '\n',
  );
  const body = html`
    <h1 style="${styles.heading}">A seat is free for you</h1>
    ${lines.map((line) => html`<p style="${styles.paragraph}">${line}</p>`)}
    <p style="margin:16px 0 20px">
      <a href="${link}" style="${styles.button}">Take my seat</a>
    </p>
    <p style="${styles.muted}">
      Or copy this link into your browser:
      <a href="${link}" style="${styles.link}">${link}</a>
    </p>
  `;
  return { subject, text, html: layout(subject, body, footer) };
}
