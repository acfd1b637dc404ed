/**
 * The sign-in e-mail: the link, what it is for, and what to do if it was
 * not asked for. The link is the only thing in it that signs anyone in, so
 * the message says nothing else a stranger could use.
 */
import type { MailContent } from '../mail/transport';
import { Action, MailLayout, Note, Paragraph, TextLink, Title } from '../mail/layout';
import { renderMailHtml } from '../mail/render';

const PRODUCT = 'the Wi-Fi 7 Workshop';
const signInSubject = `Your sign-in link for ${PRODUCT}`;
const ONCE =
  'The link works once. If you did not ask for it, ignore this e-mail: nobody can sign in without the link.';

interface SignInProps {
  email: string;
  link: string;
}

export function SignInEmail({ email, link }: SignInProps) {
  return (
    <MailLayout
      title={signInSubject}
      footer="You receive this because this address asked for a sign-in link."
    >
      <Title>Sign in to {PRODUCT}</Title>
      <Paragraph>Someone, hopefully you, asked to sign in with {email}.</Paragraph>
      <Action href={link}>Sign in</Action>
      <Note>
        If the button does not work, copy this link into your browser:
        <br />
        <TextLink href={link} />
      </Note>
      <Note>{ONCE}</Note>
    </MailLayout>
  );
}

function signInText({ email, link }: SignInProps): string {
  return [
    'Hello,',
    '',
    `Someone, hopefully you, asked to sign in to ${PRODUCT} with ${email}. Open this link to sign in:`,
    '',
    link,
    '',
    ONCE,
  ].join('\n');
}

export function signInMessage(email: string, link: string): MailContent {
  const props = { email, link };
  return {
    subject: signInSubject,
    text: signInText(props),
    html: renderMailHtml(<SignInEmail {...props} />),
  };
}
