/**
 * Whether the sender domain of MAIL_FROM lets our SMTP provider send for
 * it: its SPF record (found, one only, allows the provider, no +all or
 * ?all), a DKIM key at the configured selector or the provider's usual
 * ones, and its DMARC policy. Looked up afresh on each call (nothing kept in
 * memory), every look-up within a few seconds; DNS that does not answer
 * makes a record "could not check", with why, never a problem it may not be.
 */
import type { DnsRecordCheck, SenderDomainCheck } from '@wifi7/contract';
import { senderDomain } from './transport';
import { providerOf, type MailProvider } from './mail-providers';

/** What the check asks of DNS: `node:dns/promises`' Resolver, or a fake in tests. */
export interface DnsLookups {
  resolveTxt(name: string): Promise<string[][]>;
  resolveCname(name: string): Promise<string[]>;
  /** Asked of the root ('.') only: whether this DNS can look anything up at all. */
  resolveNs(name: string): Promise<string[]>;
}

export interface SenderDomainSettings {
  /** MAIL_FROM, e.g. `"Wi-Fi 7 Workshop" <workshop@example.com>`. */
  from: string;
  smtpUrl: string | undefined;
  /** MAIL_DKIM_SELECTOR: the one selector to look at, when set. */
  dkimSelector: string | undefined;
  /** Each look-up's limit (3 s). */
  timeoutMs?: number;
}

/** Selectors tried when neither the setting nor the provider names one. */
const COMMON_SELECTORS = [
  'default',
  'mail',
  'dkim',
  'selector1',
  'selector2',
  'google',
  's1',
  'k1',
];
/** SPF allows at most 10 look-ups in all; so does this check. */
const SPF_LOOKUPS = 10;

/** A look-up's answer: the records (none when the name has none), or why DNS did not say. */
type Answer = { records: string[] } | { failed: string };

/** Why a look-up failed, in words. */
function dnsFailure(error: unknown, timeoutMs: number): string {
  const code = (error as { code?: string }).code ?? '';
  const words: Record<string, string> = {
    ETIMEOUT: `DNS did not answer within ${timeoutMs / 1000} s`,
    ECONNREFUSED: 'no DNS server could be reached',
    ESERVFAIL: 'the DNS server reported a failure (SERVFAIL)',
    EREFUSED: 'the DNS server refused the question',
    ECANCELLED: 'the look-up was cancelled',
  };
  return words[code] ?? `DNS answered with an error (${code || (error as Error).message})`;
}

class Lookups {
  constructor(
    private readonly dns: DnsLookups,
    readonly timeoutMs: number,
  ) {}

  /** TXT records at `name`, each joined from its strings; none for a name that has none. */
  txt(name: string): Promise<Answer> {
    return this.ask(
      () => this.dns.resolveTxt(name),
      (rows) => rows.map((row) => row.join('')),
    );
  }

  cname(name: string): Promise<Answer> {
    return this.ask(
      () => this.dns.resolveCname(name),
      (rows) => rows,
    );
  }

  /**
   * Whether the domain exists in DNS. A DNS that says no domain exists
   * (not even the root's servers, as a machine cut off from DNS may) cannot
   * tell: that is a failure, never "the domain does not exist".
   */
  async domainExists(domain: string): Promise<boolean | { failed: string }> {
    // A name without TXT records (ENODATA) exists; only ENOTFOUND says it does not.
    const answer = await this.ask(
      () => this.dns.resolveTxt(domain),
      () => ['exists'],
      { ENODATA: ['exists'], ENOTFOUND: [] },
    );
    if ('failed' in answer) return answer;
    if (answer.records.length > 0) return true;
    const root = await this.ask(
      () => this.dns.resolveNs('.'),
      (rows) => rows,
    );
    if ('records' in root && root.records.length > 0) return false;
    return {
      failed:
        'failed' in root
          ? root.failed
          : 'this server’s DNS finds no domain at all, not even the root of DNS',
    };
  }

  private async ask<T>(
    query: () => Promise<T>,
    read: (answer: T) => string[],
    /** What an answer of no records means, by code: none, for a name without them or none at all. */
    none: Record<string, string[]> = { ENODATA: [], ENOTFOUND: [] },
  ): Promise<Answer> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error('timed out'), { code: 'ETIMEOUT' })),
        this.timeoutMs,
      );
    });
    try {
      return { records: read(await Promise.race([query(), timeout])) };
    } catch (error) {
      const code = (error as { code?: string }).code;
      // The name exists without such a record, or does not exist: none.
      if (code && none[code]) return { records: none[code] };
      return { failed: dnsFailure(error, this.timeoutMs) };
    } finally {
      clearTimeout(timer);
    }
  }
}

const check = (
  record: DnsRecordCheck['record'],
  state: DnsRecordCheck['state'],
  summary: string,
  advice: string | null,
  lookedUp: string[],
  found: string[] = [],
): DnsRecordCheck => ({ record, state, summary, advice, lookedUp, found });

/** When the server's own DNS fails, the seller's records are not the likely cause. */
const DNS_UNREACHABLE =
  'Your records may well be fine: the site’s server could not ask DNS. Open this page again later; if it stays so, whoever runs the server should check its DNS settings.';

/** A record whose look-up DNS did not answer. */
const unanswered = (
  record: DnsRecordCheck['record'],
  failed: string,
  lookedUp: string[],
  tried = '',
) =>
  check(
    record,
    'could-not-check',
    `Could not look up ${record.toUpperCase()}: ${failed}.${tried && ` ${tried}`}`,
    TRY_AGAIN,
    lookedUp,
  );

const TRY_AGAIN =
  'Open this page again in a few minutes; if it stays so, check the domain at your DNS host.';

export async function checkSenderDomain(
  dns: DnsLookups,
  settings: SenderDomainSettings,
  now = new Date(),
): Promise<SenderDomainCheck> {
  const domain = senderDomain(settings.from).toLowerCase();
  const sender = settings.from.match(/<([^>]+)>/)?.[1] ?? settings.from;
  const smtpHost = settings.smtpUrl ? new URL(settings.smtpUrl).hostname.toLowerCase() : null;
  const provider = smtpHost ? providerOf(smtpHost) : undefined;
  const lookups = new Lookups(dns, settings.timeoutMs ?? 3000);
  const exists = await lookups.domainExists(domain);
  const records =
    exists === true
      ? await Promise.all([
          checkSpf(lookups, domain, smtpHost, provider),
          checkDkim(lookups, domain, provider, settings.dkimSelector),
          checkDmarc(lookups, domain),
        ])
      : (['spf', 'dkim', 'dmarc'] as const).map((record) =>
          exists === false
            ? check(
                record,
                'problem',
                `${domain} does not exist in DNS, so no mailbox can trust e-mail from it.`,
                'Set MAIL_FROM to an address at a domain you own, then publish its records.',
                [domain],
              )
            : check(
                record,
                'could-not-check',
                `Could not look up ${domain}: ${exists.failed}.`,
                DNS_UNREACHABLE,
                [domain],
              ),
        );
  return {
    sender,
    domain,
    smtpHost,
    provider: provider?.name ?? null,
    checkedAt: now.toISOString(),
    records,
  };
}

// ── SPF ─────────────────────────────────────────────────────────────────────

const isSpf = (text: string) => /^v=spf1(\s|$)/i.test(text.trim());

/** The domains a record names with include: and redirect=. */
function spfTargets(record: string): string[] {
  return [...record.matchAll(/(?:^|\s)[+?~-]?(?:include:|redirect=)(\S+)/gi)].map((match) =>
    match[1]!.toLowerCase().replace(/\.$/, ''),
  );
}

const names = (target: string, spfDomain: string) =>
  target === spfDomain || target.endsWith(`.${spfDomain}`);

/**
 * Whether the record reaches one of the provider's SPF domains, directly
 * or through the records it includes (within SPF's 10 look-ups); undefined
 * when DNS did not answer on the way.
 */
async function reaches(
  lookups: Lookups,
  record: string,
  spfDomains: string[],
  seen = new Set<string>(),
  // The record itself was one look-up.
  budget = { left: SPF_LOOKUPS - 1 },
): Promise<string | undefined | false> {
  const targets = spfTargets(record);
  const direct = targets.find((target) => spfDomains.some((spf) => names(target, spf)));
  if (direct) return direct;
  let unknown = false;
  for (const target of targets) {
    if (seen.has(target) || budget.left <= 0) continue;
    seen.add(target);
    budget.left -= 1;
    const answer = await lookups.txt(target);
    if ('failed' in answer) {
      unknown = true;
      continue;
    }
    const nested = answer.records.find(isSpf);
    if (!nested) continue;
    const found = await reaches(lookups, nested, spfDomains, seen, budget);
    if (found) return target;
    if (found === undefined) unknown = true;
  }
  return unknown ? undefined : false;
}

async function checkSpf(
  lookups: Lookups,
  domain: string,
  smtpHost: string | null,
  provider: MailProvider | undefined,
): Promise<DnsRecordCheck> {
  const at = [domain];
  const answer = await lookups.txt(domain);
  if ('failed' in answer) {
    return unanswered('spf', answer.failed, at);
  }
  const spf = answer.records.filter(isSpf);
  const include = provider ? `include:${provider.spf[0]}` : 'include:<your provider’s SPF domain>';
  if (spf.length === 0) {
    return check(
      'spf',
      'problem',
      `${domain} has no SPF record, so receivers cannot tell which servers may send as it.`,
      `Add a TXT record at ${domain}: "v=spf1 ${include} ~all"` +
        (provider ? '.' : ' (your SMTP provider’s set-up page names the domain to include).'),
      at,
    );
  }
  if (spf.length > 1) {
    return check(
      'spf',
      'problem',
      `${domain} has ${spf.length} SPF records; receivers treat that as an error and ignore them all.`,
      'Merge them into one TXT record that starts with v=spf1 and ends with one all.',
      at,
      spf,
    );
  }
  const record = spf[0]!;
  const all = /(?:^|\s)([+?]?)all(?:\s|$)/i.exec(record);
  if (all && all[1] === '+') {
    return check(
      'spf',
      'problem',
      'The SPF record ends in +all: it lets any server in the world send as your domain.',
      'Change +all to ~all (or to -all once every server that sends for you is listed).',
      at,
      spf,
    );
  }
  if (all && all[1] === '?') {
    return check(
      'spf',
      'problem',
      'The SPF record ends in ?all, which tells receivers nothing about other servers.',
      'Change ?all to ~all (or to -all once every server that sends for you is listed).',
      at,
      spf,
    );
  }
  if (!smtpHost) {
    return check(
      'spf',
      'could-not-check',
      'SPF record found; SMTP_URL is not set, so there is no mail server to look for in it.',
      'Set SMTP_URL to your provider’s SMTP server.',
      at,
      spf,
    );
  }
  if (!provider) {
    return check(
      'spf',
      'could-not-check',
      `SPF record found; could not tell whether it allows ${smtpHost}.`,
      'Make sure it includes what your SMTP provider’s domain set-up page names.',
      at,
      spf,
    );
  }
  const allowed = await reaches(lookups, record, provider.spf);
  if (allowed === undefined) {
    return check(
      'spf',
      'could-not-check',
      `SPF record found; DNS did not answer for every record it includes, so whether it allows ${provider.name} is not known.`,
      TRY_AGAIN,
      at,
      spf,
    );
  }
  if (!allowed) {
    return check(
      'spf',
      'problem',
      `The SPF record does not allow ${provider.name} (${smtpHost}): receivers may treat your e-mail as forged.`,
      `Add ${include} to the record at ${domain}, before its all.`,
      at,
      spf,
    );
  }
  return check('spf', 'ok', `SPF allows ${provider.name} (${allowed}).`, null, at, spf);
}

// ── DKIM ────────────────────────────────────────────────────────────────────

/** The key of a DKIM record (p=), empty for a revoked key; undefined when it is none. */
const dkimKey = (text: string) =>
  /(?:^|;)\s*p=([^;]*)/i.exec(text)?.[1]?.trim() ??
  (/^v=DKIM1/i.test(text.trim()) ? '' : undefined);

async function checkDkim(
  lookups: Lookups,
  domain: string,
  provider: MailProvider | undefined,
  configured: string | undefined,
): Promise<DnsRecordCheck> {
  const known = configured ? [configured] : (provider?.dkim ?? []);
  const selectors = known.length > 0 ? known : COMMON_SELECTORS;
  const at = selectors.map((selector) => `${selector}._domainkey.${domain}`);
  const answers = await Promise.all(
    at.map(async (name) => {
      const txt = await lookups.txt(name);
      if ('failed' in txt || txt.records.length > 0) return { name, txt, cname: [] as string[] };
      // A provider may publish the key behind a CNAME of its own.
      const cname = await lookups.cname(name);
      return { name, txt, cname: 'failed' in cname ? [] : cname.records };
    }),
  );
  const keys = answers.flatMap(({ name, txt }) =>
    'failed' in txt
      ? []
      : txt.records.filter((text) => dkimKey(text) !== undefined).map((text) => ({ name, text })),
  );
  const live = keys.filter((key) => dkimKey(key.text) !== '');
  const tried = `Tried: ${selectors.join(', ')}.`;
  if (live.length > 0) {
    return check(
      'dkim',
      'ok',
      `DKIM key published at ${live.map((key) => key.name).join(', ')}.`,
      null,
      at,
      live.map((key) => key.text),
    );
  }
  const aliased = answers.filter((answer) => answer.cname.length > 0);
  if (aliased.length > 0) {
    const first = aliased[0]!;
    return check(
      'dkim',
      'problem',
      `${first.name} points to ${first.cname[0]}, which has no DKIM key yet.`,
      'Finish the domain set-up at your SMTP provider (it publishes the key there), then look again.',
      at,
    );
  }
  if (keys.length > 0) {
    return check(
      'dkim',
      'problem',
      `The DKIM key at ${keys[0]!.name} is revoked (empty p=).`,
      'Publish the current key your SMTP provider gives you.',
      at,
      keys.map((key) => key.text),
    );
  }
  const failed = answers.find((answer) => 'failed' in answer.txt);
  if (failed) {
    return unanswered('dkim', (failed.txt as { failed: string }).failed, at, tried);
  }
  if (configured) {
    return check(
      'dkim',
      'problem',
      `No DKIM key at ${at[0]} (MAIL_DKIM_SELECTOR).`,
      'Publish the DKIM record your SMTP provider gives you, or correct MAIL_DKIM_SELECTOR.',
      at,
    );
  }
  if (known.length > 0) {
    return check(
      'dkim',
      'problem',
      `No DKIM key at ${provider!.name}’s usual selectors. ${tried}`,
      `Publish the DKIM records from ${provider!.name}’s domain set-up page; if it names another selector, set MAIL_DKIM_SELECTOR to it.`,
      at,
    );
  }
  return check(
    'dkim',
    'could-not-check',
    `No DKIM key at the usual selectors; your provider may use a selector of its own. ${tried}`,
    'Set MAIL_DKIM_SELECTOR to the selector your SMTP provider gave you (the part before ._domainkey) so it can be checked.',
    at,
  );
}

// ── DMARC ───────────────────────────────────────────────────────────────────

const dmarcRecords = (records: string[]) =>
  records.filter((text) => /^v=DMARC1\s*(;|$)/i.test(text.trim()));

/**
 * The DMARC record that governs `domain`: its own, or else, as receivers
 * look for the organisational domain's, the nearest parent's (down to two
 * labels; no public suffix has one). Answers the name it was found at, and
 * every name asked.
 */
async function findDmarc(
  lookups: Lookups,
  domain: string,
): Promise<
  { name: string; records: string[]; asked: string[] } | { failed: string; asked: string[] }
> {
  const asked: string[] = [];
  const labels = domain.split('.');
  for (let start = 0; start === 0 || labels.length - start >= 2; start += 1) {
    const name = `_dmarc.${labels.slice(start).join('.')}`;
    asked.push(name);
    const answer = await lookups.txt(name);
    if ('failed' in answer) return { failed: answer.failed, asked };
    const records = dmarcRecords(answer.records);
    if (records.length > 0) return { name, records, asked };
  }
  return { name: `_dmarc.${domain}`, records: [], asked };
}

async function checkDmarc(lookups: Lookups, domain: string): Promise<DnsRecordCheck> {
  const found = await findDmarc(lookups, domain);
  if ('failed' in found) {
    return unanswered('dmarc', found.failed, found.asked);
  }
  const { name, records: dmarc, asked } = found;
  const own = name === `_dmarc.${domain}`;
  const add = `Add a TXT record at _dmarc.${domain}: "v=DMARC1; p=none; rua=mailto:<an address of yours>", and move to p=quarantine once the reports show your own mail passes.`;
  if (dmarc.length === 0) {
    return check(
      'dmarc',
      'problem',
      `${domain} has no DMARC record; large mailbox providers such as Gmail and Yahoo ask senders for one.`,
      add,
      asked,
    );
  }
  if (dmarc.length > 1) {
    return check(
      'dmarc',
      'problem',
      `${name} has ${dmarc.length} DMARC records; receivers then ignore them all.`,
      'Keep one.',
      asked,
      dmarc,
    );
  }
  // A subdomain under its organisational domain's record follows its sp=, or else its p=.
  const tag = (key: string) =>
    new RegExp(`(?:^|;)\\s*${key}\\s*=\\s*([a-z]+)`, 'i').exec(dmarc[0]!)?.[1]?.toLowerCase();
  const policy = (own ? undefined : tag('sp')) ?? tag('p');
  if (policy !== 'none' && policy !== 'quarantine' && policy !== 'reject') {
    return check(
      'dmarc',
      'problem',
      'The DMARC record has no valid policy (p=).',
      add,
      asked,
      dmarc,
    );
  }
  const from = own ? '' : `${domain} follows the record of ${name.slice('_dmarc.'.length)}. `;
  return check(
    'dmarc',
    'ok',
    from +
      (policy === 'none'
        ? 'DMARC policy p=none: receivers report on mail that fails, but still deliver it.'
        : `DMARC policy p=${policy}: receivers ${policy === 'reject' ? 'refuse' : 'put aside'} mail that fails.`),
    policy === 'none' ? 'Once the reports show your own mail passes, consider p=quarantine.' : null,
    asked,
    dmarc,
  );
}
