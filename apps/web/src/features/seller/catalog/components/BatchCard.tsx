import { describeSession, type SellerBatch } from '@wifi7/contract';
import { useId } from 'react';
import { Badge } from '../../ui/Panel';
import { sellerButton, sellerSurface } from '../../ui/styles';
import { SeatsBar } from './SeatsBar';

interface BatchCardProps {
  batch: SellerBatch;
  onEdit: () => void;
  onToggleStatus: () => void;
}

/** The two halves of a description: "Jan 12 - Mar 2, 2027 (Americas)" and the timing. */
function halvesOf(description: string) {
  const at = description.indexOf('--');
  if (at === -1) return { dates: description.trim(), timing: '' };
  return {
    dates: description
      .slice(0, at)
      .replace(/\([^()]*\)/, '')
      .trim(),
    timing: description.slice(at + 2).trim(),
  };
}

const hours = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;

/** One batch: its dates and timing as buyers read them, its seats, sessions and actions. */
export function BatchCard({ batch, onEdit, onToggleStatus }: BatchCardProps) {
  const titleId = useId();
  const { dates, timing } = halvesOf(batch.description);
  const open = batch.status === 'open';
  const toggleLabel = open ? 'Close registration' : 'Open registration';
  const full = open && batch.seats.free === 0;
  const first = batch.sessionStarts[0];
  const last = batch.sessionStarts.at(-1);

  return (
    <li aria-labelledby={titleId} className={`${sellerSurface} flex flex-col gap-4 p-5`}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
            <span className="font-mono font-medium text-navy-800">{batch.id}</span>
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            <span>{batch.workshopName}</span>
          </p>
          <h2 id={titleId} className="mt-1 text-lg font-semibold text-navy-950">
            {dates}
            {batch.region && (
              <span className="ml-2 align-middle text-sm font-medium text-slate-600">
                ({batch.region})
              </span>
            )}
          </h2>
          <p className="text-sm text-navy-800">{timing}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {open ? <Badge tone="green">Open</Badge> : <Badge tone="slate">Closed</Badge>}
          {full && <Badge tone="amber">Full</Badge>}
        </div>
      </div>

      <SeatsBar seats={batch.seats} capacity={batch.seatCapacity} />

      {first && last ? (
        <details className="group rounded-lg bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200 ring-inset">
          <summary className="cursor-pointer rounded text-navy-900 marker:text-slate-400">
            <span className="font-medium">{batch.sessionStarts.length} sessions</span> of{' '}
            {hours(batch.sessionMinutes)}, {describeSession(first).day} to{' '}
            {describeSession(last).day}
          </summary>
          <ol className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
            {batch.sessionStarts.map((start, index) => {
              const { day, time } = describeSession(start);
              return (
                <li key={start} className="flex gap-2 tabular-nums">
                  <span className="w-5 shrink-0 text-right text-slate-500">{index + 1}.</span>
                  <span>
                    {day}, {time} <abbr title="Pacific Time">PT</abbr>
                  </span>
                </li>
              );
            })}
          </ol>
        </details>
      ) : (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
          This batch has no sessions yet. Edit it to set its 15 sessions.
        </p>
      )}

      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <button
          type="button"
          className={sellerButton.secondary}
          aria-label={`Edit ${batch.id}`}
          onClick={onEdit}
        >
          Edit
        </button>
        <button
          type="button"
          className={open ? sellerButton.dangerOutline : sellerButton.primary}
          aria-label={`${toggleLabel} for ${batch.id}`}
          onClick={onToggleStatus}
        >
          {toggleLabel}
        </button>
      </div>
    </li>
  );
}
