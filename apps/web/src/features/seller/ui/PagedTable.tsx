/**
 * One page of a long list on a panel: the table (or phone cards), the
 * pager under it, and the loading and failed states. The rows of the last
 * page stay, dimmed, while the next one loads.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { DataTable } from './DataTable';
import { Panel, QueryStatus } from './Panel';

export interface PageOf<T> {
  items: readonly T[];
  page: number;
  pageSize: number;
  total: number;
}

interface PagerProps {
  /** What the list holds, plural: "orders", "entries". */
  noun: string;
  /** The same for one: "order", "entry". */
  singular: string;
  onPage: (page: number) => void;
}

type PagedTableProps<T> = Omit<ComponentProps<typeof DataTable<T>>, 'rows' | 'busy'> &
  PagerProps & {
    /** The page's query, keeping the last page as its placeholder while the next loads. */
    list: UseQueryResult<PageOf<T>>;
    loadingLabel: string;
  };

export function PagedTable<T>({
  list,
  loadingLabel,
  noun,
  singular,
  onPage,
  ...table
}: PagedTableProps<T>) {
  return (
    <Panel padded={false}>
      <QueryStatus query={list} loading={loadingLabel} inset />
      {list.data && (
        <>
          <DataTable {...table} rows={list.data.items} busy={list.isFetching} />
          <Pager shown={list.data} noun={noun} singular={singular} onPage={onPage} />
        </>
      )}
    </Panel>
  );
}

const pagerButton =
  'inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-navy-950 ' +
  'hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

/** Previous / next through the list, with where the seller is in it. */
function Pager({
  shown: { page, pageSize, total },
  noun,
  singular,
  onPage,
}: PagerProps & { shown: PageOf<unknown> }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const number = new Intl.NumberFormat();
  return (
    <nav
      aria-label={`Pages of ${noun}`}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm sm:px-5"
    >
      <p className="text-slate-600" aria-live="polite">
        {total === 0
          ? `No ${noun}`
          : total === 1
            ? `1 ${singular}`
            : `${number.format(first)}–${number.format(last)} of ${number.format(total)} ${noun}`}
      </p>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={pagerButton}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <span aria-hidden="true">←</span> Previous
        </button>
        <span className="text-slate-600">
          Page {number.format(Math.min(page, pages))} of {number.format(pages)}
        </span>
        <button
          type="button"
          className={pagerButton}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next <span aria-hidden="true">→</span>
        </button>
      </div>
    </nav>
  );
}
