import type { SellerBatch } from '@wifi7/contract';

/**
 * A batch's seats as one bar (sold, held, free) with the numbers beside it
 * in words, so the bar is a picture and the text carries the meaning.
 */
export function SeatsBar({ seats, capacity }: { seats: SellerBatch['seats']; capacity: number }) {
  const share = (count: number) => (capacity > 0 ? `${(count / capacity) * 100}%` : '0%');
  // Seats counted against the capacity that are neither sold nor held (rare: a late payment's seat).
  const other = Math.max(seats.taken - seats.sold - seats.held, 0);
  return (
    <div className="flex flex-col gap-2">
      <div
        aria-hidden="true"
        className="flex h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <span className="h-full bg-navy-900" style={{ width: share(seats.sold) }} />
        <span className="h-full bg-sky-400" style={{ width: share(seats.held + other) }} />
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Legend swatch="bg-navy-900" label="Sold" value={seats.sold} />
        <Legend swatch="bg-sky-400" label="Held" value={seats.held + other} />
        <Legend
          swatch="bg-slate-200 ring-1 ring-inset ring-slate-300"
          label="Free"
          value={seats.free}
        />
        <div className="flex items-baseline gap-1 text-slate-600">
          <dt>of</dt>
          <dd className="font-semibold text-navy-950 tabular-nums">{capacity}</dd>
        </div>
      </dl>
    </div>
  );
}

function Legend({ swatch, label, value }: { swatch: string; label: string; value: number }) {
  return (
    <div className="flex items-center gap-1.5">
      <span aria-hidden="true" className={`size-2.5 rounded-sm ${swatch}`} />
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold text-navy-950 tabular-nums">{value}</dd>
    </div>
  );
}
