import { formatDate, formatDateTime, formatTime } from './format';

/** A moment in a table: the day above its time and zone, so a column stays narrow. */
export function Moment({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className="flex flex-col whitespace-nowrap">
      <span>{formatDate(iso)}</span>
      <span className="text-xs text-slate-500">{formatTime(iso)}</span>
    </time>
  );
}
