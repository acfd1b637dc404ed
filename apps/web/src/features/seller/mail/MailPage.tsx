/**
 * E-mail delivery (/seller/email): whether mailboxes can trust the e-mail
 * the site sends — the SPF, DKIM and DMARC records of the sender's domain,
 * as the server found them in DNS just now, each with what to do about it.
 */
import type { DnsRecordCheck, SenderDomainCheck } from '@wifi7/contract';
import type { ReactNode } from 'react';
import { formatDateTime } from '../shell/format';
import { SellerPage } from '../shell/SellerPage';
import { Badge, Notice, Panel, QueryStatus, type BadgeTone } from '../ui/Panel';
import { sellerButton } from '../ui/styles';
import { useSenderDomain } from './api/sender-domain';

const RECORDS: Record<DnsRecordCheck['record'], { title: string; what: string }> = {
  spf: { title: 'SPF', what: 'Which servers may send e-mail as your domain.' },
  dkim: {
    title: 'DKIM',
    what: 'The key that proves each message comes from your domain, unchanged.',
  },
  dmarc: {
    title: 'DMARC',
    what: 'What mailboxes do with mail that fails SPF and DKIM, and where they report it.',
  },
};

const STATES: Record<DnsRecordCheck['state'], { label: string; tone: BadgeTone; edge: string }> = {
  ok: { label: 'In order', tone: 'green', edge: 'border-l-emerald-500' },
  problem: { label: 'Needs a fix', tone: 'red', edge: 'border-l-red-600' },
  'could-not-check': { label: 'Could not check', tone: 'slate', edge: 'border-l-slate-400' },
};

export default function MailPage() {
  const check = useSenderDomain();
  return (
    <SellerPage
      title="E-mail delivery"
      description="Whether mailboxes can trust the e-mail the site sends (confirmations, sign-in links, your notices): the sender domain’s DNS records, looked up now."
      actions={
        <button
          type="button"
          className={sellerButton.secondary}
          disabled={check.isFetching}
          onClick={() => void check.refetch()}
        >
          {check.isFetching ? 'Checking…' : 'Check again'}
        </button>
      }
    >
      <QueryStatus query={check} loading="Looking up the sender domain’s records…" />
      {check.data && <SenderDomain check={check.data} />}
    </SellerPage>
  );
}

function SenderDomain({ check }: { check: SenderDomainCheck }) {
  const count = (state: DnsRecordCheck['state']) =>
    check.records.filter((record) => record.state === state).length;
  const problems = count('problem');
  const unknown = count('could-not-check');
  return (
    <>
      <div role="status">
        {problems > 0 ? (
          <Notice
            tone="warning"
            title={`${problems === 1 ? 'One record needs' : `${problems} records need`} a fix`}
          >
            Until it is fixed, some mailboxes may put the site’s e-mail in spam or refuse it. Your
            DNS host is where records are changed; your SMTP provider’s domain set-up page gives the
            values.
          </Notice>
        ) : unknown > 0 ? (
          <Notice tone="info" title="Not everything could be checked">
            {unknown === 1 ? 'One record' : `${unknown} records`} could not be checked, so whether
            mailboxes trust the site’s e-mail is not known yet. The reasons are below.
          </Notice>
        ) : (
          <Notice tone="success" title="All three records are in order">
            Mailboxes can tell that the site’s e-mail really comes from {check.domain}.
          </Notice>
        )}
      </div>
      <Panel title="Sender">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 xl:grid-cols-4">
          <Fact term="Sends as">{check.sender}</Fact>
          <Fact term="Domain checked">{check.domain}</Fact>
          <Fact term="Mail server">
            {check.smtpHost ? (
              <>
                {check.smtpHost}
                {check.provider && <span className="text-slate-600"> ({check.provider})</span>}
              </>
            ) : (
              'Not set (SMTP_URL)'
            )}
          </Fact>
          <Fact term="Looked up">
            <time dateTime={check.checkedAt}>{formatDateTime(check.checkedAt)}</time>
          </Fact>
        </dl>
      </Panel>
      <ul className="flex flex-col gap-3" aria-label="The sender domain’s records">
        {check.records.map((record) => (
          <RecordCard key={record.record} record={record} />
        ))}
      </ul>
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 text-navy-950 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function RecordCard({ record }: { record: DnsRecordCheck }) {
  const words = RECORDS[record.record];
  const state = STATES[record.state];
  const titleId = `record-${record.record}`;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={`flex flex-col gap-3 rounded-xl border border-l-4 border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${state.edge}`}
      >
        <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <div className="min-w-0">
            <h2 id={titleId} className="text-base font-semibold text-navy-950">
              {words.title}
            </h2>
            <p className="text-sm text-slate-600">{words.what}</p>
          </div>
          <Badge tone={state.tone}>{state.label}</Badge>
        </header>
        <p className="text-sm text-slate-800 [overflow-wrap:anywhere]">{record.summary}</p>
        {record.advice && (
          <p className="text-sm text-slate-800 [overflow-wrap:anywhere]">
            <span className="font-semibold">What to do: </span>
            {record.advice}
          </p>
        )}
        <details className="text-sm text-slate-700">
          <summary className="w-fit cursor-pointer rounded font-medium text-sky-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600">
            What was looked up
          </summary>
          <dl className="mt-2 flex flex-col gap-2">
            <div>
              <dt className="font-medium">
                {record.lookedUp.length === 1 ? 'DNS name' : 'DNS names'}
              </dt>
              {record.lookedUp.map((name) => (
                <dd key={name}>
                  <code className="[overflow-wrap:anywhere]">{name}</code>
                </dd>
              ))}
            </div>
            <div>
              <dt className="font-medium">Found</dt>
              {record.found.length === 0 ? (
                <dd>No record.</dd>
              ) : (
                record.found.map((text) => (
                  <dd key={text}>
                    <code className="block rounded bg-slate-50 px-2 py-1 [overflow-wrap:anywhere]">
                      {text}
                    </code>
                  </dd>
                ))
              )}
            </div>
          </dl>
        </details>
      </article>
    </li>
  );
}
