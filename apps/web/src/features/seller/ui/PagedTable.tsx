/**
 * One page of a long list on a panel: the table (or phone cards), the
 * pager under it, and the loading and failed states. The rows of the last
 * page stay, dimmed, while the next one loads.
 */
import type { ComponentProps } from 'react';
import { DataTable } from './DataTable';
import { Pager } from './Pager';
import { LoadingBlock, Panel, ProblemBlock } from './Panel';

export interface PageOf<T> {
  items: readonly T[];
  page: number;
  pageSize: number;
  total: number;
}

/** A page as it loads: the last one loaded, if any, and how the newest request went. */
export interface LoadingPage<T> {
  status: 'loading' | 'ready' | 'error';
  data?: PageOf<T> | undefined;
  problem?: string;
  reload: () => void;
}

type PagedTableProps<T> = Omit<ComponentProps<typeof DataTable<T>>, 'rows' | 'busy'> &
  Pick<ComponentProps<typeof Pager>, 'noun' | 'singular' | 'onPage'> & {
    list: LoadingPage<T>;
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
      {list.status === 'error' && (
        <div className="p-4">
          <ProblemBlock problem={list.problem ?? ''} onRetry={list.reload} />
        </div>
      )}
      {!list.data && list.status === 'loading' && <LoadingBlock label={loadingLabel} />}
      {list.data && (
        <>
          <DataTable {...table} rows={list.data.items} busy={list.status === 'loading'} />
          <Pager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            noun={noun}
            singular={singular}
            onPage={onPage}
          />
        </>
      )}
    </Panel>
  );
}
