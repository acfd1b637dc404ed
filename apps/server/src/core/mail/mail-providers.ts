/**
 * SMTP providers the sender-domain check recognises by their SMTP host:
 * the domains their customers include in SPF, and the DKIM selectors they
 * usually publish (none where each customer's selector is a token of its
 * own, as with Amazon SES and Postmark: set MAIL_DKIM_SELECTOR there).
 */
export interface MailProvider {
  name: string;
  /** The SMTP hosts, as patterns. */
  hosts: RegExp;
  /** Domains an SPF record includes to allow the provider; the first is the one to add. */
  spf: string[];
  dkim: string[];
}

export const MAIL_PROVIDERS: MailProvider[] = [
  {
    name: 'Amazon SES',
    hosts: /^email-smtp(-fips)?\.[a-z0-9-]+\.amazonaws\.com$/,
    spf: ['amazonses.com'],
    dkim: [],
  },
  {
    name: 'Postmark',
    hosts: /^smtp(-broadcasts)?\.postmarkapp\.com$/,
    spf: ['spf.mtasv.net'],
    dkim: [],
  },
  {
    name: 'Google',
    hosts: /^(smtp|smtp-relay|aspmx\.l)\.(gmail|google)\.com$/,
    spf: ['_spf.google.com'],
    dkim: ['google'],
  },
  { name: 'SendGrid', hosts: /^smtp\.sendgrid\.net$/, spf: ['sendgrid.net'], dkim: ['s1', 's2'] },
  {
    name: 'Mailgun',
    hosts: /^smtp(\.eu)?\.mailgun\.org$/,
    spf: ['mailgun.org'],
    dkim: ['k1', 'mx', 'smtp', 'pic'],
  },
  {
    name: 'Microsoft 365',
    hosts: /^(smtp\.office365\.com|smtp-mail\.outlook\.com|.+\.mail\.protection\.outlook\.com)$/,
    spf: ['spf.protection.outlook.com'],
    dkim: ['selector1', 'selector2'],
  },
  {
    name: 'Brevo',
    hosts: /^smtp-relay\.(brevo|sendinblue)\.com$/,
    spf: ['spf.brevo.com', 'spf.sendinblue.com'],
    dkim: ['brevo1', 'brevo2', 'mail'],
  },
  {
    name: 'Mailjet',
    hosts: /^in(-v3)?\.mailjet\.com$/,
    spf: ['spf.mailjet.com'],
    dkim: ['mailjet'],
  },
];

/** The provider whose SMTP host this is, if it is one the check knows. */
export function providerOf(smtpHost: string): MailProvider | undefined {
  return MAIL_PROVIDERS.find((provider) => provider.hosts.test(smtpHost));
}
