/**
 * Every seller action, newest first: who, when, what, on which record, and
 * what changed (the fields that differ before and after). Filtered by the
 * record it was done to, with the filter in the address; paged.
 */
import type { AuditEntry } from '@wifi7/contract';
import { Link } from 'react-router';
import { sellerOrderPath, sellerWaitlistBatchPath } from '../../../config/paths';
import { EmailText } from '../shell/EmailText';
import { FilterBar, FilterSelect, SearchField } from '../shell/FilterBar';
import { formatDateTime } from '../shell/format';
import { SellerPage } from '../shell/SellerPage';
import { useFilterParams } from '../shell/use-filter-params';
import { useAudit } from './api/audit';
import { Changes } from './Changes';
import type { Column } from '../ui/DataTable';
import { PagedTable } from '../ui/PagedTable';
import { EmptyState } from '../ui/Panel';
import { sellerLink } from '../ui/styles';

const PAGE_SIZE = 50;

const TARGET_TYPES = [
  { value: 'order', label: 'Orders' },
  { value: 'batch', label: 'Batches' },
  { value: 'discount-code', label: 'Discount codes' },
  { value: 'content', label: 'Page content' },
  { value: 'image', label: 'Images' },
  { value: 'handoff', label: 'Hand-offs' },
  { value: 'waitlist-place', label: 'Waitlist places' },
  { value: 'buyer-policy', label: 'Buyer policy' },
  { value: 'group-sales', label: 'Company purchases' },
];

const VERBS: Record<string, string> = {
  'retry-handoff': 'Retry hand-off',
  'mark-paid': 'Mark paid',
  'move-batch': 'Move to batch',
  'dismiss-attention': 'Dismiss note',
  resend: 'Resend invoice / link',
  hold: 'Change unpaid hold',
};

/** "order.refund" → "Refund"; "discount.create" → "Create". */
function actionWords(action: string): string {
  const verb = action.split('.').slice(1).join('.') || action;
  const words = VERBS[verb] ?? verb.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Target({ entry }: { entry: AuditEntry }) {
  if (entry.targetType === 'order') {
    return (
      <Link to={sellerOrderPath(entry.targetId)} className={`${sellerLink} font-mono text-xs`}>
        {entry.targetId}
      </Link>
    );
  }
  // A waitlist place leads to its batch's line.
  const batchId = (entry.before as { batchId?: unknown } | null)?.batchId;
  if (entry.targetType === 'waitlist-place' && typeof batchId === 'string') {
    return (
      <Link to={sellerWaitlistBatchPath(batchId)} className={sellerLink}>
        Waitlist place {entry.targetId}
      </Link>
    );
  }
  return (
    <span>
      <span className="text-slate-500">{entry.targetType}</span>{' '}
      <span className="font-mono text-xs [overflow-wrap:anywhere]">{entry.targetId}</span>
    </span>
  );
}

const columns: Column<AuditEntry>[] = [
  {
    header: 'When',
    hideInCard: true,
    cell: (entry) => (
      <time dateTime={entry.at} className="whitespace-nowrap">
        {formatDateTime(entry.at)}
      </time>
    ),
  },
  {
    header: 'Who',
    cell: (entry) => <EmailText email={entry.sellerEmail} />,
  },
  {
    header: 'Action',
    hideInCard: true,
    className: 'whitespace-nowrap',
    cell: (entry) => <span className="font-medium">{actionWords(entry.action)}</span>,
  },
  { header: 'On', cell: (entry) => <Target entry={entry} /> },
  { header: 'What changed', cell: (entry) => <Changes entry={entry} />, className: 'min-w-64' },
];

export default function AuditPage() {
  const { params, update, page, setPage } = useFilterParams<'targetType' | 'targetId'>();
  const targetType = params.get('targetType') ?? '';
  const targetId = params.get('targetId') ?? '';
  const log = useAudit({ page, pageSize: PAGE_SIZE, targetType, targetId });

  return (
    <SellerPage title="Audit log" description="Every seller action: who, when, and what changed.">
      <FilterBar label="Filter the audit log">
        <FilterSelect
          label="Done to"
          allLabel="Everything"
          value={targetType}
          options={TARGET_TYPES}
          onChange={(value) => update({ targetType: value })}
        />
        <SearchField
          label="Record id"
          placeholder="e.g. an order id"
          value={targetId}
          onSearch={(value) => update({ targetId: value })}
        />
      </FilterBar>
      <PagedTable
        list={log}
        loadingLabel="Loading the audit log…"
        caption="Seller actions, newest first"
        rowKey={(entry) => String(entry.id)}
        columns={columns}
        cardTitle={(entry) => (
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <p className="font-semibold text-navy-950">{actionWords(entry.action)}</p>
            <p className="text-xs text-slate-500">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </p>
          </div>
        )}
        empty={
          <EmptyState title="No actions recorded">
            {targetType || targetId
              ? 'Nothing was done to that record yet.'
              : 'Every action a seller takes in the back office is recorded here.'}
          </EmptyState>
        }
        noun="entries"
        singular="entry"
        onPage={setPage}
      />
    </SellerPage>
  );
}
