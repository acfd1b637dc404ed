import { describeBatch } from '../../workshop';

/**
 * A batch as a seller knows it, in the buyers' words: its dates, then its
 * timing and region ("Tue & Thu, 9 - 11 AM PT (Americas)"); its id stays at
 * hand as a tooltip.
 */
export function BatchDates({ id, description }: { id: string; description: string }) {
  const { dates, display } = describeBatch(description);
  if (!dates) return <span className="font-mono text-xs">{id}</span>;
  return (
    <span title={id} className="flex flex-col">
      <span>{dates}</span>
      {display && <span className="text-xs text-slate-500">{display}</span>}
    </span>
  );
}
