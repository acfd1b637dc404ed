import type { OrderTimelineEntry } from '@wifi7/contract';
import { formatDateTime } from '../shell/format';

const KIND_LABELS: Record<OrderTimelineEntry['kind'], string> = {
  state: 'Order',
  'provider-call': 'Provider',
  email: 'E-mail',
  webhook: 'Webhook',
  payment: 'Payment',
  handoff: 'Portal',
  seller: 'Seller',
  buyer: 'Buyer',
};

const TONE_DOTS: Record<OrderTimelineEntry['tone'], string> = {
  ok: 'bg-emerald-500 ring-emerald-100',
  info: 'bg-sky-500 ring-sky-100',
  warning: 'bg-amber-500 ring-amber-100',
  failed: 'bg-red-600 ring-red-100',
};

const TONE_WORDS: Record<OrderTimelineEntry['tone'], string | null> = {
  ok: null,
  info: null,
  warning: 'Warning',
  failed: 'Failed',
};

/** The order's story, oldest first: each step with its time, what it was and how it went. */
export function Timeline({ entries }: { entries: readonly OrderTimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Nothing recorded yet.</p>;
  return (
    <ol className="relative flex flex-col">
      {entries.map((entry, index) => {
        const toneWord = TONE_WORDS[entry.tone];
        return (
          <li key={`${entry.at}-${index}`} className="relative flex gap-3 pb-5 last:pb-0">
            {index < entries.length - 1 && (
              <span
                aria-hidden="true"
                className="absolute top-4 bottom-0 left-[5px] w-px bg-slate-200"
              />
            )}
            <span
              aria-hidden="true"
              className={`relative mt-1.5 size-[11px] shrink-0 rounded-full ring-4 ${TONE_DOTS[entry.tone]}`}
            />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                <span className="rounded bg-slate-100 px-1.5 py-px font-semibold text-slate-600">
                  {KIND_LABELS[entry.kind]}
                </span>
                {toneWord && (
                  <span
                    className={`rounded px-1.5 py-px font-semibold ${entry.tone === 'failed' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
                  >
                    {toneWord}
                  </span>
                )}
              </div>
              <p className="text-sm font-semibold [overflow-wrap:anywhere] text-navy-950">
                {entry.title}
              </p>
              {entry.detail && (
                <p className="text-sm [overflow-wrap:anywhere] text-slate-600">{entry.detail}</p>
              )}
              {entry.actor && <p className="text-xs text-slate-500">by {entry.actor}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
