import { describe, expect, it } from 'vitest';
import { signInMessage } from './sign-in-message';
import {
  expectEscaped,
  expectLink,
  expectNothingRemote,
  linksOf,
  TYPED,
} from '../../../test/support/mail-parts';

const link =
  'https://workshop.example.com/login?mode=signIn&oobCode=abc123&continueUrl=%2Fmy-orders';

describe('the sign-in e-mail', () => {
  it('gives the link, on a line of its own in the text and as a button in the HTML', () => {
    const mail = signInMessage('ada@example.com', link);
    expect(mail.subject).toBe('Your sign-in link for the Wi-Fi 7 Workshop');
    expect(mail.text).toContain(`Open this link to sign in:\n\n${link}\n\n`);
    expectLink(mail, link);
    expect(mail.html).toContain('>Sign in</span>');
    expect(mail.html).toContain('<h1');
    expect(mail.html).toContain('Sign in to the Wi-Fi 7 Workshop</h1>');
  });

  it('names the address it was asked for, and says what to do if it was not', () => {
    const mail = signInMessage('ada@example.com', link);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('ada@example.com');
      expect(part).toContain('The link works once.');
      expect(part).toContain('nobody can sign in without the link');
    }
  });

  it('links nowhere but the sign-in link, escapes the address and loads nothing', () => {
    const mail = signInMessage(TYPED, link);
    expectEscaped(mail);
    expect(new Set(linksOf(mail.html))).toEqual(new Set([link]));
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([link]);
    expectNothingRemote(mail.html);
  });
});
