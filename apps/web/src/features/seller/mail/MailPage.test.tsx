import type { SenderDomainCheck } from '@wifi7/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/zod-english';
import { renderWithQuery } from '../../../testing/render-with-query';
import { scriptApi, signIn } from '../../../testing/checkout-helpers';
import MailPage from './MailPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const URL = '/api/seller/mail/sender-domain';

const answer = (records: SenderDomainCheck['records']): SenderDomainCheck => ({
  sender: 'hello@workshop.example',
  domain: 'workshop.example',
  smtpHost: 'email-smtp.eu-west-1.amazonaws.com',
  provider: 'Amazon SES',
  checkedAt: '2027-01-05T10:00:00.000Z',
  records,
});

const SPF_MISSING: SenderDomainCheck['records'][number] = {
  record: 'spf',
  state: 'problem',
  summary: 'workshop.example has no SPF record.',
  advice: 'Add a TXT record at workshop.example: "v=spf1 include:amazonses.com ~all".',
  lookedUp: ['workshop.example'],
  found: [],
};
const DKIM_UNKNOWN: SenderDomainCheck['records'][number] = {
  record: 'dkim',
  state: 'could-not-check',
  summary: 'Could not look up DKIM: no DNS server could be reached. Tried: ses1.',
  advice: 'Open this page again in a few minutes.',
  lookedUp: ['ses1._domainkey.workshop.example'],
  found: [],
};
const DMARC_OK: SenderDomainCheck['records'][number] = {
  record: 'dmarc',
  state: 'ok',
  summary: 'DMARC policy p=quarantine: receivers put aside mail that fails.',
  advice: null,
  lookedUp: ['_dmarc.workshop.example'],
  found: ['v=DMARC1; p=quarantine'],
};

beforeEach(async () => {
  await signIn('seller@example.com');
});

describe('the e-mail delivery page', () => {
  it('shows each record’s state in words, what to do, and what was looked up', async () => {
    scriptApi({
      [`GET ${URL}`]: { status: 200, data: answer([SPF_MISSING, DKIM_UNKNOWN, DMARC_OK]) },
    });
    renderWithQuery(<MailPage />);
    const spf = await screen.findByRole('article', { name: 'SPF' });
    expect(document.title).toBe('E-mail delivery · Back office');
    expect(screen.getByRole('status')).toHaveTextContent('One record needs a fix');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('E-mail delivery');
    expect(spf).toHaveTextContent('Needs a fix');
    expect(spf).toHaveTextContent('What to do: Add a TXT record at workshop.example');
    expect(screen.getByRole('article', { name: 'DKIM' })).toHaveTextContent('Could not check');
    expect(screen.getByRole('article', { name: 'DMARC' })).toHaveTextContent('In order');
    expect(screen.getByText('email-smtp.eu-west-1.amazonaws.com')).toBeInTheDocument();
    expect(screen.getByText('(Amazon SES)')).toBeInTheDocument();

    // What was found sits behind a disclosure (a native <details>, keyboard-operable).
    const dmarc = screen.getByRole('article', { name: 'DMARC' });
    const details = within(dmarc).getByText('What was looked up').closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.setup().click(within(dmarc).getByText('What was looked up'));
    expect(details.open).toBe(true);
    expect(within(dmarc).getByText('v=DMARC1; p=quarantine')).toBeInTheDocument();
    expect(within(dmarc).getByText('_dmarc.workshop.example')).toBeInTheDocument();
  });

  it('looks again on request, and says when all is in order', async () => {
    let asked = 0;
    scriptApi({
      [`GET ${URL}`]: () => {
        asked += 1;
        const spf =
          asked === 1 ? SPF_MISSING : { ...SPF_MISSING, state: 'ok' as const, advice: null };
        const dkim = { ...DKIM_UNKNOWN, state: 'ok' as const, advice: null };
        return { status: 200, data: answer([spf, dkim, DMARC_OK]) };
      },
    });
    renderWithQuery(<MailPage />);
    expect(await screen.findByText('One record needs a fix')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('All three records are in order')).toBeInTheDocument();
    expect(asked).toBe(2);
  });

  it('says the server’s refusal when the look-up fails', async () => {
    scriptApi({ [`GET ${URL}`]: { status: 500, data: { message: 'Internal Server Error' } } });
    renderWithQuery(<MailPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded');
  });
});
