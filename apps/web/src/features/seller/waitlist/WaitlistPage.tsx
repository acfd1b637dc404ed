/**
 * Every batch's waitlist at a glance: its seats, how many wait and how
 * many hold an offer now. A batch opens its line.
 */
import type { SellerWaitlistBatches } from '@wifi7/contract';
import { Link } from 'react-router';
import { sellerWaitlistBatchPath } from '../../../config/paths';
import { BatchDates } from '../orders/BatchDates';
import { SellerPage } from '../shell/SellerPage';
import { DataTable, type Column } from '../ui/DataTable';
import { Badge, EmptyState, Panel, QueryStatus } from '../ui/Panel';
import { sellerLink } from '../ui/styles';
import { useWaitlistBatches } from './api/waitlist-batches';

type Batch = SellerWaitlistBatches['batches'][number];

function BatchLink({ batch }: { batch: Batch }) {
  return (
    <span className="flex flex-col gap-0.5">
      <Link to={sellerWaitlistBatchPath(batch.batchId)} className={sellerLink}>
        <BatchDates id={batch.batchId} description={batch.batchDescription} />
      </Link>
      <span className="font-mono text-xs text-slate-500">{batch.batchId}</span>
    </span>
  );
}

function Seats({ batch }: { batch: Batch }) {
  const full = batch.seatsTaken >= batch.seatCapacity;
  return (
    <span className="inline-flex flex-wrap items-center gap-2 whitespace-nowrap">
      <span className="tabular-nums">
        {batch.seatsTaken} of {batch.seatCapacity} taken
      </span>
      {full && <Badge tone="amber">Full</Badge>}
    </span>
  );
}

const count = (value: number) => (
  <span className={`tabular-nums ${value === 0 ? 'text-slate-400' : 'font-semibold'}`}>
    {value}
  </span>
);

const columns: Column<Batch>[] = [
  {
    header: 'Batch',
    rowHeader: true,
    hideInCard: true,
    cell: (batch) => <BatchLink batch={batch} />,
  },
  { header: 'Seats', cell: (batch) => <Seats batch={batch} /> },
  { header: 'Waiting', numeric: true, cell: (batch) => count(batch.waiting) },
  { header: 'Offered now', numeric: true, cell: (batch) => count(batch.offered) },
];

export default function WaitlistPage() {
  const batches = useWaitlistBatches();
  const rows = batches.data?.batches ?? [];
  return (
    <SellerPage
      title="Waitlist"
      description="Who waits for a seat in a full batch. When a seat frees, the first in line is e-mailed an offer that holds it for 24 hours."
    >
      <Panel padded={false}>
        <QueryStatus query={batches} loading="Loading the waitlists…" inset />
        {batches.data && (
          <DataTable
            caption="Batches and their waitlists"
            rows={rows}
            rowKey={(batch) => batch.batchId}
            columns={columns}
            alignMiddle
            busy={batches.isFetching}
            cardTitle={(batch) => <BatchLink batch={batch} />}
            empty={
              <EmptyState title="No batches yet">
                A batch’s waitlist appears here once the batch is in the catalog.
              </EmptyState>
            }
          />
        )}
      </Panel>
    </SellerPage>
  );
}
