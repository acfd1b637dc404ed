import { describe, expect, it } from 'vitest';
import { holdTimes, offerLink, renderOfferMail } from './offer-mail';
import {
  expectEscaped,
  expectInBothParts,
  expectLink,
  expectNothingRemote,
  TYPED,
} from '../../../test/support/mail-parts';

describe('the waitlist offer e-mail', () => {
  const input = {
    productName: 'Wi-Fi 7 Live Online Workshop',
    batchDescription: 'Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
    token: 'q3Vx8mZ0b7Kc1T2yW9sLrA5dEfGhJkNpQ4uV6wXyZ0a',
    offerExpiresAt: new Date('2027-01-05T17:30:00Z'),
    siteUrl: 'https://workshop.example.com/',
  };

  it('says until when the seat is held in Pacific Time and UTC, on both sides of a DST change', () => {
    expect(holdTimes(new Date('2027-01-05T17:30:00Z'))).toEqual({
      pacific: 'Tue, Jan 5, 9:30 AM PST',
      utc: 'Tue, Jan 5, 17:30 UTC',
    });
    expect(holdTimes(new Date('2027-07-06T16:30:00Z')).pacific).toBe('Tue, Jul 6, 9:30 AM PDT');
  });

  it('links to the offer page with the token, in text and HTML, escaping nothing away', () => {
    const link = offerLink(input.siteUrl, input.token);
    expect(link).toBe(`https://workshop.example.com/waitlist/offer?token=${input.token}`);
    const mail = renderOfferMail(input);
    expect(mail.subject).toBe(
      'A seat is free in the Wi-Fi 7 Live Online Workshop: it is held for you until Tue, Jan 5, 9:30 AM PST',
    );
    expect(mail.text).toContain(`Take my seat: ${link}`);
    expect(mail.text).toContain('until Tue, Jan 5, 9:30 AM PST (Tue, Jan 5, 17:30 UTC)');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Tue &amp; Thu');
  });

  it('says the same in both parts: which batch, for how long, and what happens after', () => {
    const mail = renderOfferMail(input);
    expectInBothParts(mail, [
      'a seat has come free in the batch you were waiting for, Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu',
      'It is held for you for 24 hours, until Tue, Jan 5, 9:30 AM PST (Tue, Jan 5, 17:30 UTC).',
      'the seat goes to the next person in line.',
      'You receive this because you joined the waitlist of this batch with this address.',
    ]);
    expectLink(mail, offerLink(input.siteUrl, input.token));
    expect(mail.html).toContain('>Take my seat</span>');
  });

  it('escapes what people typed, and loads nothing', () => {
    const mail = renderOfferMail({ ...input, batchDescription: TYPED });
    expectEscaped(mail);
    expectNothingRemote(mail.html);
  });
});
