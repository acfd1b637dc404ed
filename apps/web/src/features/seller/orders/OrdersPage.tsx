/**
 * Every order, newest first: filters by state, batch, rail and kind
 * (company purchases or single seats) and a search by the buyer's or an
 * attendee's e-mail or the order id, all kept in the address (a view can be
 * shared or reloaded), paged for thousands of orders, and exported as CSV
 * with the same filters, one row per order or per seat.
 */
import { orderStatusSchema, type SellerOrderRow } from '@wifi7/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { sellerOrderPath } from '../../../config/paths';
import { failureText } from '../../../lib/failure-text';
import { toast } from '../../../lib/toasts';
import { EmailText } from '../shell/EmailText';
import { FilterBar, FilterSelect, SearchField } from '../shell/FilterBar';
import { ORDER_STATUS_LABELS, RAIL_LABELS } from '../shell/format';
import { Moment } from '../shell/Moment';
import { Money } from '../shell/Money';
import { SellerPage } from '../shell/SellerPage';
import { AttentionFlag, StatusBadge } from '../shell/StatusBadge';
import { useFilterParams } from '../shell/use-filter-params';
import type { Column } from '../ui/DataTable';
import { DownloadIcon } from '../ui/icons';
import { PagedTable } from '../ui/PagedTable';
import { EmptyState } from '../ui/Panel';
import { sellerButton, sellerLink } from '../ui/styles';
import { describeBatch } from '../../workshop';
import { BatchDates } from './BatchDates';
import { useBatchChoices } from './api/batch-choices';
import { downloadOrdersCsv, useOrders, type CsvRows, type OrderFilters } from './api/orders';
import { Spinner } from '../../../components/Spinner';

const PAGE_SIZE = 50;

/** The file per order, or per seat with each seat's attendee. */
const EXPORTS: { rows: CsvRows; label: string }[] = [
  { rows: 'orders', label: 'Export CSV' },
  { rows: 'seats', label: 'Export seats CSV' },
];

const STATE_OPTIONS = orderStatusSchema.options.map((status) => ({
  value: status,
  label: ORDER_STATUS_LABELS[status],
}));
const RAIL_OPTIONS = Object.entries(RAIL_LABELS).map(([value, label]) => ({ value, label }));
const KIND_LABELS = { group: 'Company purchases', single: 'Single seats' } as const;
const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }));

/** The filters as the address holds them; anything unknown is ignored. */
function filtersOf(params: URLSearchParams): OrderFilters {
  const state = orderStatusSchema.safeParse(params.get('state'));
  const rail = params.get('rail');
  const kind = params.get('kind');
  return {
    state: state.success ? state.data : undefined,
    rail: rail === 'paypal_invoice' || rail === 'zoho_link' ? rail : undefined,
    kind: kind === 'group' || kind === 'single' ? kind : undefined,
    batch: params.get('batch') || undefined,
    q: params.get('q') || undefined,
  };
}

const columns: Column<SellerOrderRow>[] = [
  {
    header: 'Buyer',
    hideInCard: true,
    className: 'max-w-72',
    cell: (order) => (
      <div className="flex min-w-0 flex-col">
        <Link to={sellerOrderPath(order.id)} className={sellerLink}>
          <EmailText email={order.email} />
        </Link>
        <span className="text-slate-600">{order.name}</span>
        <span className="font-mono text-xs text-slate-500">{order.id}</span>
      </div>
    ),
  },
  {
    header: 'Order',
    hideInTable: true,
    cell: (order) => <span className="font-mono text-xs text-slate-700">{order.id}</span>,
  },
  {
    header: 'Batch',
    className: 'min-w-44',
    cell: (order) => <BatchDates id={order.batchId} description={order.batchDescription} />,
  },
  {
    header: 'Rail',
    cell: (order) => (order.rail === 'paypal_invoice' ? 'PayPal' : 'Zoho'),
    className: 'whitespace-nowrap',
  },
  {
    header: 'Amount',
    numeric: true,
    cell: (order) => (
      <span className="inline-flex flex-col items-end gap-0.5">
        <Money minor={order.totalMinor} currency={order.currency} />
        {order.groupOrder && <SeatCount seats={order.seatCount} />}
      </span>
    ),
  },
  {
    header: 'Code',
    cell: (order) => order.discountCode ?? <span className="text-slate-400">—</span>,
  },
  {
    header: 'State',
    hideInCard: true,
    cell: (order) => (
      <div className="flex flex-wrap items-center gap-1.5">
        <StatusBadge status={order.status} />
        {order.needsAttention && <AttentionFlag label="Attention" />}
      </div>
    ),
  },
  { header: 'Placed', cell: (order) => <Moment iso={order.createdAt} /> },
  {
    header: 'Paid',
    cell: (order) =>
      order.paidAt ? <Moment iso={order.paidAt} /> : <span className="text-slate-400">—</span>,
  },
];

/** A company purchase's seats beside its total, e.g. "×3", said in words to a screen reader. */
function SeatCount({ seats }: { seats: number }) {
  return (
    <span className="rounded-full bg-sky-100 px-2 text-xs leading-5 font-semibold whitespace-nowrap text-sky-900">
      <span aria-hidden="true">×{seats}</span>
      <span className="sr-only">{`company purchase, ${seats === 1 ? '1 seat' : `${seats} seats`}`}</span>
    </span>
  );
}

export default function OrdersPage() {
  const { params, setParams, update, page, setPage } = useFilterParams<
    'state' | 'rail' | 'batch' | 'kind' | 'q'
  >();
  const filters = filtersOf(params);
  const orders = useOrders({ ...filters, page, pageSize: PAGE_SIZE });
  const batches = useBatchChoices();
  const [exporting, setExporting] = useState<CsvRows | null>(null);

  const exportCsv = async (rows: CsvRows) => {
    setExporting(rows);
    try {
      await downloadOrdersCsv(filters, rows);
    } catch (error) {
      toast.error(failureText(error));
    } finally {
      setExporting(null);
    }
  };

  // Batches by their dates, which tell them apart; a batch without a description by its id.
  const batchOptions = (batches.data?.batches ?? []).map((batch) => {
    const { dates, region } = describeBatch(batch.description);
    return { value: batch.id, label: dates ? `${dates}${region ? ` (${region})` : ''}` : batch.id };
  });
  const filtered = Boolean(
    filters.state || filters.rail || filters.batch || filters.kind || filters.q,
  );

  return (
    <SellerPage
      title="Orders"
      description="Every order, newest first. Open one for its timeline and actions."
      actions={
        <div className="flex flex-wrap gap-2">
          {EXPORTS.map(({ rows, label }) => (
            <button
              key={rows}
              type="button"
              className={sellerButton.secondary}
              onClick={() => void exportCsv(rows)}
              disabled={exporting !== null}
            >
              {exporting === rows ? <Spinner className="size-4" /> : <DownloadIcon />}
              {label}
            </button>
          ))}
        </div>
      }
    >
      <FilterBar label="Filter orders">
        <SearchField
          label="Search"
          placeholder="Buyer’s or attendee’s e-mail, or order id"
          value={filters.q ?? ''}
          onSearch={(q) => update({ q })}
          fullRow
        />
        <FilterSelect
          label="State"
          allLabel="All states"
          value={filters.state ?? ''}
          options={STATE_OPTIONS}
          onChange={(state) => update({ state })}
        />
        <FilterSelect
          label="Batch"
          allLabel="All batches"
          value={filters.batch ?? ''}
          options={batchOptions}
          onChange={(batch) => update({ batch })}
        />
        <FilterSelect
          label="Rail"
          allLabel="All rails"
          value={filters.rail ?? ''}
          options={RAIL_OPTIONS}
          onChange={(rail) => update({ rail })}
        />
        <FilterSelect
          label="Kind"
          allLabel="All orders"
          value={filters.kind ?? ''}
          options={KIND_OPTIONS}
          onChange={(kind) => update({ kind })}
        />
        {filtered && (
          <button
            type="button"
            className={`${sellerButton.quiet} self-end`}
            onClick={() => setParams(new URLSearchParams())}
          >
            Clear filters
          </button>
        )}
      </FilterBar>

      <PagedTable
        list={orders}
        loadingLabel="Loading orders…"
        caption="Orders, newest first"
        rowKey={(order) => order.id}
        columns={columns}
        cardTitle={(order) => (
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Link to={sellerOrderPath(order.id)} className={sellerLink}>
                <EmailText email={order.email} />
              </Link>
              <p className="text-sm text-slate-600">{order.name}</p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <StatusBadge status={order.status} />
              {order.needsAttention && <AttentionFlag label="Attention" />}
            </div>
          </div>
        )}
        empty={
          <EmptyState title={filtered ? 'No orders match' : 'No orders yet'}>
            {filtered
              ? 'Try another state, batch, rail or kind, or clear the search.'
              : 'Orders appear here as soon as a buyer checks out.'}
          </EmptyState>
        }
        noun="orders"
        singular="order"
        onPage={setPage}
      />
    </SellerPage>
  );
}
