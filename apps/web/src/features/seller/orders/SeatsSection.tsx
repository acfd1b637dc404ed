/**
 * "Seats and attendees" on a company purchase's page: each seat's number,
 * who holds it (or that its invite is not used yet), its state, whether the
 * courses portal has its holder, its share of the total, and the seller's
 * two actions on it alone. An action the server does not allow now is shown
 * disabled with the server's reason.
 */
import type { SellerOrderDetail, SellerSeat } from '@wifi7/contract';
import { useId, useState } from 'react';
import { EmailText } from '../shell/EmailText';
import { Money } from '../shell/Money';
import { DataTable, type Column } from '../ui/DataTable';
import { sellerButton } from '../ui/styles';
import type { SeatAction } from './api/seat-action';
import { SeatActionDialog } from './actions/SeatActionDialog';

const SEAT_STATE_WORDS: Record<SellerSeat['state'], string> = {
  active: 'Active',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

const SEAT_HANDOFF_WORDS: Record<SellerSeat['handoff'], string> = {
  none: 'Not handed off',
  waiting: 'Queued, not sent yet',
  failing: 'Not acknowledged yet',
  delivered: 'Enrolled',
  revoked: 'Un-enrolled',
};

const SEAT_BUTTONS: { action: SeatAction; label: string }[] = [
  { action: 'refund', label: 'Refund this seat' },
  { action: 'cancel', label: 'Cancel this seat' },
];

export function SeatsSection({ detail }: { detail: SellerOrderDetail }) {
  const [opened, setOpened] = useState<{ seatId: string; action: SeatAction } | null>(null);
  const seat = opened && detail.seats.find((each) => each.id === opened.seatId);
  const { currency } = detail.order;

  const columns: Column<SellerSeat>[] = [
    {
      header: 'Seat',
      rowHeader: true,
      hideInCard: true,
      className: 'whitespace-nowrap font-semibold',
      cell: (row) => `Seat ${row.number}`,
    },
    { header: 'Attendee', hideInCard: true, className: 'max-w-64', cell: Attendee },
    { header: 'State', cell: (row) => SEAT_STATE_WORDS[row.state] },
    { header: 'Courses portal', cell: (row) => SEAT_HANDOFF_WORDS[row.handoff] },
    {
      header: 'Share',
      numeric: true,
      cell: (row) => <Money minor={row.shareMinor} currency={currency} />,
    },
    {
      header: 'Actions',
      headerHidden: true,
      hideInCard: true,
      cell: (row) => <SeatButtons seat={row} onOpen={setOpened} />,
    },
  ];

  return (
    <>
      <DataTable
        caption={`The order’s ${detail.seats.length} seats`}
        rows={detail.seats}
        rowKey={(row) => row.id}
        columns={columns}
        wideFrom="lg"
        cardTitle={(row) => (
          <div className="flex flex-col gap-0.5">
            <p className="font-semibold text-navy-950">Seat {row.number}</p>
            <Attendee {...row} />
          </div>
        )}
        cardActions={(row) => <SeatButtons seat={row} onOpen={setOpened} />}
      />
      {opened && seat && (
        <SeatActionDialog
          key={`${opened.seatId}-${opened.action}`}
          detail={detail}
          seat={seat}
          action={opened.action}
          onClose={() => setOpened(null)}
        />
      )}
    </>
  );
}

function Attendee({ attendee }: Pick<SellerSeat, 'attendee'>) {
  if (!attendee) return <span className="text-slate-600">Open (invite not used yet)</span>;
  return (
    <span className="flex min-w-0 flex-col">
      <span className="font-medium">{`${attendee.firstName} ${attendee.lastName}`}</span>
      <EmailText email={attendee.email} />
    </span>
  );
}

/**
 * The seat's two actions. One the server does not allow is disabled, with
 * its reason beside it (said once when both have the same).
 */
function SeatButtons({
  seat,
  onOpen,
}: {
  seat: SellerSeat;
  onOpen: (opened: { seatId: string; action: SeatAction }) => void;
}) {
  const reasonId = useId();
  const reasons = [
    ...new Set(
      SEAT_BUTTONS.flatMap(({ action }) => {
        const state = seat.actions[action];
        return !state.allowed && state.reason ? [state.reason] : [];
      }),
    ),
  ];
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap gap-2">
        {SEAT_BUTTONS.map(({ action, label }) => {
          const { allowed } = seat.actions[action];
          return (
            <button
              key={action}
              type="button"
              className={sellerButton.dangerOutline}
              disabled={!allowed}
              aria-describedby={!allowed && reasons.length > 0 ? reasonId : undefined}
              onClick={() => onOpen({ seatId: seat.id, action })}
            >
              {label}
              <span className="sr-only">{`, seat ${seat.number}`}</span>
            </button>
          );
        })}
      </div>
      {reasons.length > 0 && (
        <p id={reasonId} className="text-xs text-slate-600">
          {reasons.join(' ')}
        </p>
      )}
    </div>
  );
}
