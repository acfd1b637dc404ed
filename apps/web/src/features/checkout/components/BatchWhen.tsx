import { describeBatch } from '../../workshop';

/**
 * A batch's timing with its dates under it: batches of the same weekly
 * timing (the same weekdays and hours, months apart) are told apart by
 * their dates before the buyer pays.
 */
export function BatchWhen({ description }: { description: string | undefined }) {
  const { dates, display } = describeBatch(description);
  return (
    <>
      {display && <span className="block">{display}</span>}
      {dates && <span className="block text-slate-600">{dates}</span>}
    </>
  );
}
