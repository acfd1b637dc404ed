/**
 * What an audited action changed: the fields that differ before and after
 * ("status: paid → refunded"), and what the action added of its own (a
 * refund's reference, say). A long value (a page section's whole list of
 * testimonials) is folded to a short summary and opened on request, so one
 * entry does not fill the screen.
 */
import type { AuditEntry } from '@wifi7/contract';
import { fieldLabel, fieldText } from './field-words';

/** Longer than this, a value is folded. */
const FOLD_AT = 120;
const BOOKKEEPING = new Set(['message', 'requestKey']);

/** The start of a long value: a list by its length, anything else by its first words. */
function foldedSummary(value: unknown, text: string): string {
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  return `${text.slice(0, 80).trimEnd()}…`;
}

function ChangeValue({
  field,
  value,
  currency,
}: {
  field: string;
  value: unknown;
  currency: string | undefined;
}) {
  const text = fieldText(field, value, currency) ?? JSON.stringify(value);
  if (text.length <= FOLD_AT) return <>{text}</>;
  return (
    <details className="inline-block max-w-full align-top">
      <summary className="cursor-pointer rounded">
        {foldedSummary(value, text)}{' '}
        <span className="font-semibold text-sky-800 underline underline-offset-2">show all</span>
      </summary>
      <pre className="mt-1 max-h-72 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-[11px] whitespace-pre-wrap text-slate-700 ring-1 ring-slate-200 [overflow-wrap:anywhere]">
        {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}

function changesOf(entry: AuditEntry) {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const changed = Object.keys(before).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  const added = Object.keys(after).filter((field) => !(field in before) && !BOOKKEEPING.has(field));
  // Amounts are recorded in minor units beside the currency they are in.
  const currency = [after.currency, before.currency].find((each) => typeof each === 'string') as
    string | undefined;
  return { before, after, changed, added, currency };
}

export function Changes({ entry }: { entry: AuditEntry }) {
  const { before, after, changed, added, currency } = changesOf(entry);
  const message = (entry.after as { message?: unknown } | null)?.message;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {typeof message === 'string' && <p className="text-navy-950">{message}</p>}
      {changed.length + added.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-xs text-slate-600">
          {changed.map((field) => (
            <li key={field} className="[overflow-wrap:anywhere]">
              <span className="font-semibold text-slate-700">{fieldLabel(field)}</span>:{' '}
              <ChangeValue field={field} value={before[field]} currency={currency} />{' '}
              <span aria-label="became">→</span>{' '}
              <ChangeValue field={field} value={after[field]} currency={currency} />
            </li>
          ))}
          {added.map((field) => (
            <li key={field} className="[overflow-wrap:anywhere]">
              <span className="font-semibold text-slate-700">{fieldLabel(field)}</span>:{' '}
              <ChangeValue field={field} value={after[field]} currency={currency} />
            </li>
          ))}
        </ul>
      )}
      {entry.note && <p className="text-xs text-slate-600 italic">“{entry.note}”</p>}
    </div>
  );
}
