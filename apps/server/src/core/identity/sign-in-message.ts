/**
 * The sign-in e-mail: the link, what it is for, and what to do if it was
 * not asked for. The link is the only thing in it that signs anyone in, so
 * the message says nothing else a stranger could use.
 */
import type { MailContent } from '../mail/transport';
import { html, layout, styles } from '../mail/html';

const PRODUCT = 'the Wi-Fi 7 Workshop';

export function signInMessage(email: string, link: string): MailContent {
  const subject = `Your sign-in link for ${PRODUCT}`;
  const text = [
    'Hello,',
    '',
    `Someone, hopefully you, asked to sign in to ${PRODUCT} with ${email}. Open this link to sign in:`,
    '',
    link,
    '',
    'The link works once. If you did not ask for it, ignore this e-mail: nobody can sign in without the link.',
  ].join('\n');
  const body = html`<h1 style="${styles.heading}">Sign in to ${PRODUCT}</h1>
    <p style="${styles.paragraph}">Someone, hopefully you, asked to sign in with ${email}.</p>
    <p style="margin:20px 0"><a href="${link}" style="${styles.button}">Sign in</a></p>
    <p style="${styles.muted}">
      If the button does not work, copy this link into your browser:<br /><a
        href="${link}"
        style="${styles.link}"
        >${link}</a
      >
    </p>
    <p style="${styles.muted}">
      The link works once. If you did not ask for it, ignore this e-mail: nobody can sign in without
      the link.
    </p>`;
  return {
    subject,
    text,
    html: layout(subject, body, 'You receive this because this address asked for a sign-in link.'),
  };
}
