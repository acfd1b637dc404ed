import { batchPartsOf } from './batch-description';

/** A batch as a seller knows it: its dates, then its timing; its id stays at hand as a tooltip. */
export function BatchDates({ id, description }: { id: string; description: string }) {
  const parts = batchPartsOf(description);
  if (!parts) return <span className="font-mono text-xs">{id}</span>;
  return (
    <span title={id} className="flex flex-col">
      <span>{parts.dates}</span>
      {parts.timing && <span className="text-xs text-slate-500">{parts.timing}</span>}
    </span>
  );
}
