/**
 * One page of a long list on a panel: the table (or phone cards), the
 * pager under it, and the loading and failed states. The rows of the last
 * page stay, dimmed, while the next one loads.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { failureText } from '../../../lib/failure-text';
import { DataTable } from './DataTable';
import { Pager } from './Pager';
import { LoadingBlock, Panel, ProblemBlock } from './Panel';

export interface PageOf<T> {
  items: readonly T[];
  page: number;
  pageSize: number;
  total: number;
}

type PagedTableProps<T> = Omit<ComponentProps<typeof DataTable<T>>, 'rows' | 'busy'> &
  Pick<ComponentProps<typeof Pager>, 'noun' | 'singular' | 'onPage'> & {
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
      {list.isError && (
        <div className="p-4">
          <ProblemBlock problem={failureText(list.error)} onRetry={() => void list.refetch()} />
        </div>
      )}
      {list.isPending && <LoadingBlock label={loadingLabel} />}
      {list.data && (
        <>
          <DataTable {...table} rows={list.data.items} busy={list.isFetching} />
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
