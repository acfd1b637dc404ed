/**
 * One order: who bought what and how it stands, the actions the seller may
 * take on it now, a company purchase's seats and attendees (each with its
 * own refund and cancel), and its whole timeline. `?action=refund` (or another
 * action) opens that action's dialog, so "Needs attention" can link
 * straight to what resolves an item.
 */
import type { SellerOrderDetail } from '@wifi7/contract';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths, sellerOrderPath } from '../../../config/paths';
import { EmailText } from '../shell/EmailText';
import { formatDateTime, RAIL_LABELS } from '../shell/format';
import { Money } from '../shell/Money';
import { Notice, Panel, QueryStatus } from '../ui/Panel';
import { sellerLink } from '../ui/styles';
import { SellerPage } from '../shell/SellerPage';
import { StatusBadge } from '../shell/StatusBadge';
import { orderActionRequestSchemas, useOrder, type OrderAction } from './api/order';
import { BatchDates } from './BatchDates';
import { OrderActions } from './OrderActions';
import { SeatsSection } from './SeatsSection';
import { Timeline } from './Timeline';

const ACTIONS = Object.keys(orderActionRequestSchemas) as OrderAction[];

const HANDOFF_WORDS: Record<SellerOrderDetail['handoff']['state'], string> = {
  none: 'Not due (the order is not paid)',
  waiting: 'Queued, not sent yet',
  failing: 'Not acknowledged yet',
  delivered: 'Enrolled at the courses portal',
  revoked: 'Un-enrolled at the courses portal',
};

/** Whether the order's page lists its seats: a company purchase, or an order of several. */
const hasSeats = (detail: SellerOrderDetail) => detail.order.groupOrder || detail.seats.length > 1;

export default function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const loaded = useOrder(orderId);
  const requested = params.get('action');
  const opened = ACTIONS.find((action) => action === requested) ?? null;

  const open = (action: OrderAction | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (action) next.set('action', action);
        else next.delete('action');
        return next;
      },
      { replace: true },
    );
  // The action's mutation has already read again what it changed.
  const done = (shownOrderId: string) => {
    if (shownOrderId !== orderId) void navigate(sellerOrderPath(shownOrderId));
    else open(null);
  };

  const detail = loaded.data;
  return (
    <div className="flex flex-col gap-3">
      <Link to={paths.sellerOrders} className={`${sellerLink} w-fit text-sm`}>
        <span aria-hidden="true">← </span>All orders
      </Link>
      <SellerPage
        title={`Order ${orderId}`}
        description={
          detail ? (
            <>
              <span className="[overflow-wrap:anywhere]">{detail.order.email}</span> · placed{' '}
              {formatDateTime(detail.order.createdAt)}
            </>
          ) : undefined
        }
        actions={detail && <StatusBadge status={detail.order.status} />}
      >
        <QueryStatus query={loaded} loading="Loading the order…" />
        {detail && (
          <>
            {detail.order.attention && (
              <Notice tone="warning" title="Needs your attention">
                {detail.order.attention}
              </Notice>
            )}
            <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)]">
              <div className="flex min-w-0 flex-col gap-5">
                <Panel title="Actions">
                  <OrderActions detail={detail} opened={opened} onOpen={open} onDone={done} />
                </Panel>
                <Panel title="Summary">
                  <OrderSummary detail={detail} />
                </Panel>
              </div>
              <Panel title="Timeline" className="min-w-0">
                <Timeline entries={detail.timeline} />
              </Panel>
            </div>
            {hasSeats(detail) && (
              <Panel
                title="Seats and attendees"
                description="Each seat can be refunded or cancelled on its own."
                padded={false}
              >
                <SeatsSection detail={detail} />
              </Panel>
            )}
          </>
        )}
      </SellerPage>
    </div>
  );
}

function OrderSummary({ detail }: { detail: SellerOrderDetail }) {
  const { order, handoff } = detail;
  const billing = order.billing;
  const place = [billing.city, billing.state, billing.zipcode, billing.country]
    .filter(Boolean)
    .join(', ');
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[7.5rem_minmax(0,1fr)]">
      <Fact term="Buyer">
        <span className="font-medium">{order.name}</span>
        <br />
        <EmailText email={order.email} />
        <br />
        <span className="text-slate-600">{place}</span>
      </Fact>
      <Fact term="Workshop">
        {order.workshopName}
        <span className="mt-1 block text-slate-600">
          <BatchDates id={order.batchId} description={order.batchDescription} />
        </span>
        <span className="font-mono text-xs text-slate-500">{order.batchId}</span>
      </Fact>
      <Fact term="Amount">
        <Money minor={order.totalMinor} currency={order.currency} />
        {order.discountMinor > 0 && (
          <span className="text-slate-600">
            {' '}
            (list <Money minor={order.subtotalMinor} currency={order.currency} />
            {order.discountCode && (
              <>
                , code {order.discountCode} −{order.discountPercent}%
              </>
            )}
            )
          </span>
        )}
        {(order.groupOrder || order.seatCount > 1) && (
          <span className="block text-slate-600">
            {order.seatCount} seats ×{' '}
            <Money minor={order.unitPriceMinor} currency={order.currency} />
            {order.volumeDiscountPercent > 0 && (
              <>, volume discount −{order.volumeDiscountPercent}%</>
            )}
          </span>
        )}
        {order.refundedMinor > 0 && (
          <span className="block text-violet-800">
            Refunded <Money minor={order.refundedMinor} currency={order.currency} />
          </span>
        )}
      </Fact>
      <Fact term="Payment">
        {RAIL_LABELS[order.rail]}
        {order.providerReference && (
          // An id reads as one word: it moves to the next line whole.
          <span className="font-mono text-xs text-slate-600">
            {' '}
            · <span className="whitespace-nowrap">{order.providerReference}</span>
          </span>
        )}
        {order.paymentUrl && order.status === 'awaiting_payment' && (
          <>
            <br />
            <a href={order.paymentUrl} target="_blank" rel="noreferrer" className={sellerLink}>
              The buyer’s payment page
            </a>
          </>
        )}
        {order.paymentReferences.length > 0 && (
          <span className="block text-slate-600 [overflow-wrap:anywhere]">
            Paid by {order.paymentReferences.join(', ')}
            {order.paidAt && ` on ${formatDateTime(order.paidAt)}`}
          </span>
        )}
        {order.lastProviderError && (
          <span className="block text-red-800 [overflow-wrap:anywhere]">
            Last provider error: {order.lastProviderError}
          </span>
        )}
      </Fact>
      {order.invoiceEmail && (
        <Fact term="Invoice to">
          <EmailText email={order.invoiceEmail} />
          <span className="block text-slate-600">Accounts payable</span>
        </Fact>
      )}
      <Fact term="Courses portal">
        {HANDOFF_WORDS[handoff.state]}
        {handoff.lastError && (
          <span className="text-red-800">
            {' '}
            ({handoff.attempts} attempt{handoff.attempts === 1 ? '' : 's'}: {handoff.lastError})
          </span>
        )}
      </Fact>
      {(order.status === 'pending' || order.status === 'awaiting_payment') && (
        <Fact term="Seat held until">{formatDateTime(order.holdExpiresAt)}</Fact>
      )}
    </dl>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-500">{term}</dt>
      <dd className="-mt-2 text-navy-950 sm:mt-0">{children}</dd>
    </>
  );
}
