/**
 * One batch's waitlist, in line order (those still waiting or holding an
 * offer first): each place's address, state, position, offer and its
 * expiry, how many offers it has had and the order it became. A place
 * still in line can be removed, after a confirmation, with a note for the
 * audit log.
 */
import type { SellerWaitlistPlace } from '@wifi7/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths, sellerOrderPath } from '../../../config/paths';
import { describeBatch } from '../../workshop';
import { EmailText } from '../shell/EmailText';
import { Moment } from '../shell/Moment';
import { SellerPage } from '../shell/SellerPage';
import { useFilterParams } from '../shell/use-filter-params';
import type { Column } from '../ui/DataTable';
import { PagedTable } from '../ui/PagedTable';
import { Badge, EmptyState } from '../ui/Panel';
import { sellerButton, sellerLink } from '../ui/styles';
import { useWaitlistBatches } from './api/waitlist-batches';
import { useWaitlistPlaces } from './api/waitlist-places';
import { RemovePlaceDialog } from './RemovePlaceDialog';
import { WaitlistStateBadge } from './WaitlistState';

const PAGE_SIZE = 50;
const none = <span className="text-slate-400">—</span>;

const inLine = (place: SellerWaitlistPlace) =>
  place.state === 'waiting' || place.state === 'offered';

function columnsWith(
  onRemove: (place: SellerWaitlistPlace) => void,
): Column<SellerWaitlistPlace>[] {
  return [
    {
      header: 'Position',
      numeric: true,
      cell: (place) =>
        place.position === null ? none : <span className="tabular-nums">{place.position}</span>,
    },
    {
      header: 'E-mail',
      rowHeader: true,
      hideInCard: true,
      className: 'max-w-44 [overflow-wrap:anywhere]',
      cell: (place) => <EmailText email={place.email} />,
    },
    {
      header: 'State',
      hideInCard: true,
      cell: (place) => <WaitlistStateBadge state={place.state} />,
    },
    { header: 'Joined', cell: (place) => <Moment iso={place.joinedAt} /> },
    {
      header: 'Offer expires',
      cell: (place) => (place.offerExpiresAt ? <Moment iso={place.offerExpiresAt} /> : none),
    },
    {
      header: 'Offers',
      numeric: true,
      cell: (place) => <span className="tabular-nums">{place.offers}</span>,
    },
    {
      header: 'Order',
      cell: (place) =>
        place.orderId ? (
          <Link to={sellerOrderPath(place.orderId)} className={`${sellerLink} font-mono text-xs`}>
            {place.orderId}
          </Link>
        ) : (
          none
        ),
    },
    {
      header: 'Actions',
      headerHidden: true,
      hideInCard: true,
      cell: (place) => (inLine(place) ? <RemoveButton place={place} onRemove={onRemove} /> : null),
    },
  ];
}

function RemoveButton({
  place,
  onRemove,
}: {
  place: SellerWaitlistPlace;
  onRemove: (place: SellerWaitlistPlace) => void;
}) {
  return (
    <button
      type="button"
      className={sellerButton.dangerOutline}
      aria-label={`Remove ${place.email}`}
      onClick={() => onRemove(place)}
    >
      Remove
    </button>
  );
}

export default function WaitlistBatchPage() {
  const { batchId = '' } = useParams();
  const { page, setPage } = useFilterParams<never>();
  const places = useWaitlistPlaces(batchId, page, PAGE_SIZE);
  const batches = useWaitlistBatches();
  const batch = batches.data?.batches.find((each) => each.batchId === batchId);
  const { dates, display } = describeBatch(batch?.batchDescription);
  const [removing, setRemoving] = useState<SellerWaitlistPlace | null>(null);

  return (
    <SellerPage
      title={dates ? `Waitlist: ${dates}` : `Waitlist: ${batchId}`}
      description={
        <>
          {display && <span>{display} · </span>}
          <span className="font-mono text-xs">{batchId}</span>
        </>
      }
      actions={
        <Link to={paths.sellerWaitlist} className={sellerButton.secondary}>
          <span aria-hidden="true">←</span> All waitlists
        </Link>
      }
    >
      {batch && (
        <dl className="flex flex-wrap gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm sm:px-5">
          <Figure label="Seats taken" value={`${batch.seatsTaken} of ${batch.seatCapacity}`}>
            {batch.seatsTaken >= batch.seatCapacity && <Badge tone="amber">Full</Badge>}
          </Figure>
          <Figure label="Waiting" value={String(batch.waiting)} />
          <Figure label="Offered now" value={String(batch.offered)} />
        </dl>
      )}

      <PagedTable
        list={places}
        loadingLabel="Loading the waitlist…"
        caption="Places in line order"
        rowKey={(place) => String(place.id)}
        columns={columnsWith(setRemoving)}
        wideFrom="lg"
        alignMiddle
        cardTitle={(place) => (
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 font-medium text-navy-950">
              <EmailText email={place.email} />
            </p>
            <WaitlistStateBadge state={place.state} />
          </div>
        )}
        cardActions={(place) =>
          inLine(place) ? (
            <div>
              <RemoveButton place={place} onRemove={setRemoving} />
            </div>
          ) : null
        }
        empty={
          <EmptyState title="Nobody is waiting">
            Buyers can join this batch’s waitlist from the workshop page once every seat is taken.
          </EmptyState>
        }
        noun="places"
        singular="place"
        onPage={setPage}
      />

      {removing && <RemovePlaceDialog place={removing} onClose={() => setRemoving(null)} />}
    </SellerPage>
  );
}

function Figure({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="flex items-center gap-2 font-semibold text-navy-950 tabular-nums">
        {value}
        {children}
      </dd>
    </div>
  );
}
