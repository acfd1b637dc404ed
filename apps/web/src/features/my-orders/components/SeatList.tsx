/**
 * A company order's seats in its card (beyond the spec): who holds each,
 * whether the portal has them, and an open seat's invite link to pass on.
 * While the order's names may change, each seat's holder can be changed
 * in a dialog; its outcome shows in the card's status line.
 */
import type { Attendee, BuyerOrder, OrderSeat } from '@wifi7/contract';
import { useId, useRef, useState } from 'react';
import { buttonStyles } from '../../../components/button-styles';
import { failureText } from '../../../lib/failure-text';
import { useSeatAttendeeChange } from '../api/seat-attendee';
import { moment } from '../lib/moment';
import { myOrdersTexts } from '../texts';
import { SeatDialog } from './SeatDialog';

const texts = myOrdersTexts.seats;

export type Outcome = { ok: boolean; text: string };

const fullName = (attendee: Attendee) => `${attendee.firstName} ${attendee.lastName}`;

export function SeatList({
  order,
  onOpen,
  onOutcome,
}: {
  order: BuyerOrder;
  /** A seat's dialog opens: the card forgets its last outcome. */
  onOpen: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const headingId = useId();
  // One idempotency key per opening of the dialog: a retry of the same change acts once.
  const [editing, setEditing] = useState<{ seat: OrderSeat; key: string } | null>(null);
  const change = useSeatAttendeeChange();
  // One request at a time, even before the busy dialog has rendered.
  const sending = useRef(false);

  const open = (seat: OrderSeat) => {
    change.reset();
    onOpen();
    setEditing({ seat, key: crypto.randomUUID() });
  };
  const save = (attendee: Attendee | null) => {
    if (!editing || sending.current) return;
    sending.current = true;
    change.mutate(
      {
        orderId: order.orderId,
        seatId: editing.seat.id,
        request: { attendee, idempotencyKey: editing.key },
      },
      {
        onSuccess: ({ message }) => {
          setEditing(null);
          onOutcome({ ok: true, text: message });
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold text-navy-950">
        {texts.heading(order.seats.length)}
      </h3>
      {order.names && (
        <p className="text-sm text-slate-600">{texts.namesUntil(moment(order.names.until))}</p>
      )}
      <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200">
        {order.seats.map((seat) => (
          <SeatRow
            key={seat.id}
            seat={seat}
            onChange={order.names && seat.state === 'active' ? () => open(seat) : null}
          />
        ))}
      </ul>
      {editing && (
        <SeatDialog
          seat={editing.seat}
          busy={change.isPending}
          problem={change.isError ? failureText(change.error) : null}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

/** One seat: "Seat 1: Ada Lovelace (ada@…) · enrolled", or open with its link. */
function SeatRow({ seat, onChange }: { seat: OrderSeat; onChange: (() => void) | null }) {
  const givenBack = seat.state !== 'active';
  const inviteUrl = !givenBack && !seat.attendee ? seat.inviteUrl : null;
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start sm:justify-between sm:p-4">
      <div className="flex min-w-0 flex-col gap-2">
        <p className={givenBack ? 'text-slate-500' : 'text-navy-950'}>
          <span className="font-medium">{texts.seat(seat.number)}:</span>{' '}
          {seat.attendee ? (
            <>
              {fullName(seat.attendee)}{' '}
              <span className="[overflow-wrap:anywhere]">({seat.attendee.email})</span>
            </>
          ) : (
            texts.open
          )}
          {seat.state === 'active' && seat.enrolled && (
            <span className="text-emerald-800"> · {texts.enrolled}</span>
          )}
          {seat.state !== 'active' && <> · {texts.given[seat.state]}</>}
        </p>
        {inviteUrl && <InviteLink url={inviteUrl} seatNumber={seat.number} />}
      </div>
      {onChange && (
        <button
          type="button"
          className={`${buttonStyles.secondary} shrink-0 self-start`}
          aria-label={texts.changeOf(seat.number)}
          onClick={onChange}
        >
          {texts.change}
        </button>
      )}
    </li>
  );
}

/**
 * An open seat's invite link: shown whole, to select and copy by hand, and
 * a button that copies it, saying in a live region whether it did.
 */
function InviteLink({ url, seatNumber }: { url: string; seatNumber: number }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    setCopied(null);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard here (an insecure page, a refused permission): the link is there to select.
      setCopied(false);
    }
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <span className="max-w-full rounded-md bg-slate-100 px-2 py-1 font-mono text-sm text-slate-800 select-all [overflow-wrap:anywhere]">
        {url}
      </span>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          type="button"
          className={buttonStyles.secondary}
          aria-label={texts.copyOf(seatNumber)}
          onClick={() => void copy()}
        >
          {texts.copy}
        </button>
        <span role="status" className="text-sm text-slate-700 empty:hidden">
          {copied === null ? null : copied ? texts.copied : texts.copyFailed}
        </span>
      </div>
    </div>
  );
}
