/**
 * The back office's sender-domain check through the app: a seller's GET
 * answers the SPF, DKIM and DMARC records of MAIL_FROM's domain as the
 * configured DNS gives them (here a fake zone: the tests need no internet),
 * with MAIL_DKIM_SELECTOR looked at and SMTP_URL's credentials never shown;
 * DNS that does not answer is "could not check", still a 200.
 */
import { sellerMailRoutes, type SenderDomainCheck } from '@wifi7/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsLookups } from '../src/core/mail/sender-domain';
import { buildTestApp, testConfig } from './support/app';
import { signInWithEmailLink } from './support/auth-emulator';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

const ZONE: Record<string, string[]> = {
  'workshop.example': ['v=spf1 include:amazonses.com -all'],
  'ses1._domainkey.workshop.example': ['p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC'],
  '_dmarc.workshop.example': ['v=DMARC1; p=none; rua=mailto:dmarc@workshop.example'],
};

const dnsError = (code: string) => Object.assign(new Error(code), { code });

/** Answers from ZONE, or refuses every question like a machine without DNS. */
const fakeDns = (reachable: () => boolean): DnsLookups => ({
  resolveTxt: async (name) => {
    if (!reachable()) throw dnsError('ECONNREFUSED');
    if (!ZONE[name]) throw dnsError('ENOTFOUND');
    return ZONE[name].map((text) => [text]);
  },
  resolveCname: async () => {
    throw dnsError(reachable() ? 'ENODATA' : 'ECONNREFUSED');
  },
  resolveNs: async () => ['a.root-servers.net'],
});

describe.each(databaseKinds)('the sender-domain check on %s', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let seller: string;
  let dnsUp = true;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database.handle, {
      config: testConfig({
        SMTP_URL: 'smtp://AKIAEXAMPLE:secret-password@email-smtp.eu-west-1.amazonaws.com:587',
        MAIL_FROM: '"Wi-Fi 7 Workshop" <hello@workshop.example>',
        MAIL_DKIM_SELECTOR: 'ses1',
      }),
      dns: fakeDns(() => dnsUp),
    });
    seller = (await signInWithEmailLink('seller@example.com')).idToken;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const look = async () => {
    const response = await app.inject({
      method: 'GET',
      url: sellerMailRoutes.senderDomain,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('secret-password');
    expect(response.body).not.toContain('AKIAEXAMPLE');
    return response.json<SenderDomainCheck>();
  };

  it('answers each record of the sender domain as DNS has it', async () => {
    dnsUp = true;
    const check = await look();
    expect(check).toMatchObject({
      sender: 'hello@workshop.example',
      domain: 'workshop.example',
      smtpHost: 'email-smtp.eu-west-1.amazonaws.com',
      provider: 'Amazon SES',
    });
    expect(check.records.map(({ record, state }) => ({ record, state }))).toEqual([
      { record: 'spf', state: 'ok' },
      { record: 'dkim', state: 'ok' },
      { record: 'dmarc', state: 'ok' },
    ]);
    expect(check.records[1]!.lookedUp).toEqual(['ses1._domainkey.workshop.example']);
  });

  it('says "could not check", with why, when DNS does not answer', async () => {
    dnsUp = false;
    const check = await look();
    for (const record of check.records) {
      expect(record.state).toBe('could-not-check');
      expect(record.summary).toBe(
        'Could not look up workshop.example: no DNS server could be reached.',
      );
    }
  });
});
