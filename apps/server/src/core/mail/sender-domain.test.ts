import { describe, expect, it } from 'vitest';
import { checkSenderDomain, type DnsLookups } from './sender-domain';

/** What a fake DNS answers for a name: TXT records, a CNAME, an error code, or never. */
type Zone = Record<string, string[] | { cname: string } | { error: string } | 'hang'>;

/**
 * A resolver over a fixed zone: a name not in it has no records (ENODATA)
 * when a name below it is in the zone, else does not exist (ENOTFOUND).
 * The root's servers answer, unless the zone says otherwise for '.'.
 */
function fakeDns(zone: Zone): DnsLookups & { asked: string[] } {
  const asked: string[] = [];
  const fail = (code: string) => Promise.reject(Object.assign(new Error(code), { code }));
  const entry = (name: string) => {
    asked.push(name);
    return zone[name];
  };
  return {
    asked,
    resolveTxt(name) {
      const found = entry(name);
      if (found === undefined)
        return fail(
          Object.keys(zone).some((key) => key.endsWith(`.${name}`)) ? 'ENODATA' : 'ENOTFOUND',
        );
      if (found === 'hang') return new Promise(() => {});
      if ('error' in found) return fail(found.error);
      if ('cname' in found) return fail('ENODATA');
      // Long records come in strings of up to 255 characters.
      return Promise.resolve(found.map((text) => [text.slice(0, 20), text.slice(20)]));
    },
    resolveCname(name) {
      const found = zone[name];
      if (found && typeof found === 'object' && 'cname' in found)
        return Promise.resolve([found.cname]);
      return fail('ENODATA');
    },
    resolveNs(name) {
      const root = zone[name];
      if (root && typeof root === 'object' && 'error' in root) return fail(root.error);
      return Promise.resolve(['a.root-servers.net']);
    },
  };
}

/** The sender's domain exists, with no records of its own. */
const EXISTS: Zone = { 'example.com': [] };

const SES = 'smtp://user:secret@email-smtp.us-east-1.amazonaws.com:587';
const POSTMARK = 'smtp://token:token@smtp.postmarkapp.com:587';
const FROM = '"Wi-Fi 7 Workshop" <workshop@example.com>';

const run = (zone: Zone, settings: { smtpUrl?: string; dkimSelector?: string } = {}) =>
  checkSenderDomain(
    fakeDns(zone),
    { from: FROM, smtpUrl: POSTMARK, dkimSelector: undefined, timeoutMs: 50, ...settings },
    new Date('2027-01-05T10:00:00Z'),
  );
const record = async (
  which: 'spf' | 'dkim' | 'dmarc',
  ...args: Parameters<typeof run>
): Promise<Awaited<ReturnType<typeof run>>['records'][number]> =>
  (await run(...args)).records.find((each) => each.record === which)!;

/** A domain set up for Postmark as its set-up page asks. */
const GOOD: Zone = {
  'example.com': ['google-site-verification=abc', 'v=spf1 include:spf.mtasv.net ~all'],
  '20240105pm._domainkey.example.com': ['k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC'],
  '_dmarc.example.com': ['v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com'],
};

describe('the sender domain check', () => {
  it('names the sender, its domain and the provider, never the SMTP credentials', async () => {
    const result = await run(GOOD, { dkimSelector: '20240105pm' });
    expect(result).toMatchObject({
      sender: 'workshop@example.com',
      domain: 'example.com',
      smtpHost: 'smtp.postmarkapp.com',
      provider: 'Postmark',
      checkedAt: '2027-01-05T10:00:00.000Z',
    });
    expect(JSON.stringify(result)).not.toContain('token');
    expect(result.records.map((each) => [each.record, each.state])).toEqual([
      ['spf', 'ok'],
      ['dkim', 'ok'],
      ['dmarc', 'ok'],
    ]);
  });

  describe('SPF', () => {
    it('is ok when it includes the provider, directly or through an included record', async () => {
      expect(await record('spf', GOOD)).toMatchObject({
        state: 'ok',
        summary: 'SPF allows Postmark (spf.mtasv.net).',
        advice: null,
        found: ['v=spf1 include:spf.mtasv.net ~all'],
      });
      const nested = {
        'example.com': ['v=spf1 include:_spf.example.net -all'],
        '_spf.example.net': ['v=spf1 ip4:192.0.2.1 include:amazonses.com -all'],
      };
      expect(await record('spf', nested, { smtpUrl: SES })).toMatchObject({
        state: 'ok',
        summary: 'SPF allows Amazon SES (_spf.example.net).',
      });
    });

    it('is a problem when missing, with the record to add', async () => {
      expect(await record('spf', { 'example.com': ['some other text'] })).toMatchObject({
        state: 'problem',
        summary:
          'example.com has no SPF record, so receivers cannot tell which servers may send as it.',
        advice: 'Add a TXT record at example.com: "v=spf1 include:spf.mtasv.net ~all".',
      });
      expect((await record('spf', EXISTS)).state).toBe('problem');
    });

    it('is a problem when it allows another provider only', async () => {
      const zone = { 'example.com': ['v=spf1 include:_spf.google.com ~all'] };
      expect(await record('spf', zone, { smtpUrl: SES })).toMatchObject({
        state: 'problem',
        summary:
          'The SPF record does not allow Amazon SES (email-smtp.us-east-1.amazonaws.com): receivers may treat your e-mail as forged.',
        advice: 'Add include:amazonses.com to the record at example.com, before its all.',
      });
    });

    it('flags +all and ?all, and two records', async () => {
      const open = await record('spf', { 'example.com': ['v=spf1 include:spf.mtasv.net +all'] });
      expect(open).toMatchObject({ state: 'problem' });
      expect(open.summary).toContain('+all');
      const neutral = await record('spf', { 'example.com': ['v=spf1 include:spf.mtasv.net ?all'] });
      expect(neutral.summary).toContain('?all');
      const two = await record('spf', { 'example.com': ['v=spf1 -all', 'v=spf1 mx ~all'] });
      expect(two).toMatchObject({ state: 'problem' });
      expect(two.summary).toContain('2 SPF records');
    });

    it('cannot tell for a provider it does not know, and says so', async () => {
      expect(await record('spf', GOOD, { smtpUrl: 'smtp://mail.example.net:587' })).toMatchObject({
        state: 'could-not-check',
        summary: 'SPF record found; could not tell whether it allows mail.example.net.',
      });
    });
  });

  describe('DKIM', () => {
    it('looks at MAIL_DKIM_SELECTOR only, when it is set', async () => {
      expect(await record('dkim', GOOD, { dkimSelector: '20240105pm' })).toMatchObject({
        state: 'ok',
        lookedUp: ['20240105pm._domainkey.example.com'],
      });
      expect(await record('dkim', GOOD, { dkimSelector: 'other' })).toMatchObject({
        state: 'problem',
        summary: 'No DKIM key at other._domainkey.example.com (MAIL_DKIM_SELECTOR).',
      });
    });

    it('tries the provider’s usual selectors and says which', async () => {
      const zone = { 's2._domainkey.example.com': ['v=DKIM1; k=rsa; p=MIIBIjANBg'] };
      const sendgrid = { smtpUrl: 'smtp://apikey:key@smtp.sendgrid.net:587' };
      expect(await record('dkim', zone, sendgrid)).toMatchObject({
        state: 'ok',
        lookedUp: ['s1._domainkey.example.com', 's2._domainkey.example.com'],
        summary: 'DKIM key published at s2._domainkey.example.com.',
      });
      const missing = await record('dkim', EXISTS, sendgrid);
      expect(missing).toMatchObject({ state: 'problem' });
      expect(missing.summary).toBe('No DKIM key at SendGrid’s usual selectors. Tried: s1, s2.');
    });

    it('cannot tell where the provider names its selectors itself', async () => {
      const result = await record('dkim', EXISTS, { smtpUrl: SES });
      expect(result.state).toBe('could-not-check');
      expect(result.summary).toContain('Tried: default, mail, dkim, selector1');
      expect(result.advice).toContain('MAIL_DKIM_SELECTOR');
    });

    it('reads a CNAME to a provider that has not published the key yet, and a revoked key', async () => {
      const zone = {
        ...EXISTS,
        's1._domainkey.example.com': { cname: 's1.domainkey.u1.wl.sendgrid.net' },
      };
      const sendgrid = { smtpUrl: 'smtp://apikey:key@smtp.sendgrid.net:587' };
      expect((await record('dkim', zone, sendgrid)).summary).toBe(
        's1._domainkey.example.com points to s1.domainkey.u1.wl.sendgrid.net, which has no DKIM key yet.',
      );
      const revoked = { ...EXISTS, 'google._domainkey.example.com': ['v=DKIM1; p='] };
      const google = { smtpUrl: 'smtp://smtp-relay.gmail.com:587' };
      expect((await record('dkim', revoked, google)).summary).toContain('revoked');
    });
  });

  describe('DMARC', () => {
    it('reads the policy, and asks for a record when there is none', async () => {
      expect(await record('dmarc', GOOD)).toMatchObject({
        state: 'ok',
        summary: 'DMARC policy p=quarantine: receivers put aside mail that fails.',
      });
      const none = await record('dmarc', { ...EXISTS, '_dmarc.example.com': ['v=DMARC1; p=none'] });
      expect(none).toMatchObject({ state: 'ok' });
      expect(none.advice).toContain('p=quarantine');
      const missing = await record('dmarc', EXISTS);
      expect(missing.state).toBe('problem');
      expect(missing.advice).toContain('v=DMARC1; p=none');
      const bad = await record('dmarc', {
        ...EXISTS,
        '_dmarc.example.com': ['v=DMARC1; rua=mailto:a@b.c'],
      });
      expect(bad.summary).toBe('The DMARC record has no valid policy (p=).');
    });

    it('finds a subdomain sender under its organisational domain’s record, with its sp=', async () => {
      const fromSubdomain = async (zone: Zone) =>
        (
          await checkSenderDomain(
            fakeDns(zone),
            {
              from: '"Wi-Fi 7 Workshop" <workshop@mail.example.com>',
              smtpUrl: POSTMARK,
              dkimSelector: undefined,
              timeoutMs: 50,
            },
            new Date('2027-01-05T10:00:00Z'),
          )
        ).records.find((each) => each.record === 'dmarc')!;
      const inherited = await fromSubdomain({
        'mail.example.com': [],
        '_dmarc.example.com': ['v=DMARC1; p=none; sp=reject'],
      });
      expect(inherited).toMatchObject({
        state: 'ok',
        summary:
          'mail.example.com follows the record of example.com. DMARC policy p=reject: receivers refuse mail that fails.',
      });
      expect(inherited.lookedUp).toEqual(['_dmarc.mail.example.com', '_dmarc.example.com']);
      // Its own record wins over the parent's.
      const own = await fromSubdomain({
        'mail.example.com': [],
        '_dmarc.mail.example.com': ['v=DMARC1; p=quarantine'],
        '_dmarc.example.com': ['v=DMARC1; p=none; sp=reject'],
      });
      expect(own.summary).toBe('DMARC policy p=quarantine: receivers put aside mail that fails.');
      // Neither: the subdomain is asked to have one.
      const missing = await fromSubdomain({ 'mail.example.com': [], 'example.com': [] });
      expect(missing).toMatchObject({ state: 'problem' });
      expect(missing.advice).toContain('_dmarc.mail.example.com');
    });
  });

  describe('when DNS does not answer', () => {
    it('says "could not check" for every record, within the time-out, when DNS is silent', async () => {
      const started = Date.now();
      const result = await run({ 'example.com': 'hang' });
      expect(Date.now() - started).toBeLessThan(2000);
      for (const each of result.records) {
        expect(each).toMatchObject({
          state: 'could-not-check',
          summary: 'Could not look up example.com: DNS did not answer within 0.05 s.',
        });
      }
    });

    it('does not take a DNS that finds no domain at all for a domain that does not exist', async () => {
      const cutOff = await run({ '.': { error: 'ENOTFOUND' } });
      for (const each of cutOff.records) {
        expect(each.state).toBe('could-not-check');
        expect(each.summary).toBe(
          'Could not look up example.com: this server’s DNS finds no domain at all, not even the root of DNS.',
        );
      }
      // Where the root answers, the domain really is not there: MAIL_FROM is wrong.
      const missing = await run({});
      for (const each of missing.records) {
        expect(each).toMatchObject({
          state: 'problem',
          summary: 'example.com does not exist in DNS, so no mailbox can trust e-mail from it.',
        });
      }
    });

    it('says "could not check" with the reason, for each record DNS fails on', async () => {
      const zone: Zone = {
        'example.com': ['v=spf1 include:mailgun.org ~all'],
        '_dmarc.example.com': { error: 'ESERVFAIL' },
        'k1._domainkey.example.com': { error: 'ECONNREFUSED' },
      };
      const result = await run(zone, { smtpUrl: 'smtp://smtp.mailgun.org:587' });
      const states = Object.fromEntries(result.records.map((each) => [each.record, each]));
      expect(states.spf!.state).toBe('ok');
      expect(states.dmarc).toMatchObject({
        state: 'could-not-check',
        summary: 'Could not look up DMARC: the DNS server reported a failure (SERVFAIL).',
      });
      expect(states.dkim!.state).toBe('could-not-check');
      expect(states.dkim!.summary).toContain('no DNS server could be reached');
    });

    it('does not call an SPF record wrong when an included record could not be read', async () => {
      const zone: Zone = {
        'example.com': ['v=spf1 include:_spf.example.net ~all'],
        '_spf.example.net': { error: 'ETIMEOUT' },
      };
      expect((await record('spf', zone, { smtpUrl: SES })).state).toBe('could-not-check');
    });
  });
});
