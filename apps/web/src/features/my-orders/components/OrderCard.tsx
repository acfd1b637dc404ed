/**
 * One order in "My orders": the workshop, the batch's dates and timing (in
 * Pacific Time and the buyer's own), the amount, the state in words, and
 * what the buyer may do with it now; a company order, its seats. The
 * outcome of the last action shows once, in the card, where the action was
 * taken.
 */
import { formatMoney, type BuyerOrder } from '@wifi7/contract';
import { useId, useState } from 'react';
import { buttonStyles } from '../../../components/button-styles';
import { Spinner } from '../../../components/Spinner';
import { failureText } from '../../../lib/failure-text';
import { batchOptionLabel, browserTimeZone, YourTimeLine } from '../../workshop';
import { useBuyerOrderAction, type BuyerAction } from '../api/my-orders';
import { moment } from '../lib/moment';
import { myOrdersTexts as texts } from '../texts';
import { ActionDialog } from './ActionDialog';
import { SeatList, type Outcome } from './SeatList';

const stateTone: Record<BuyerOrder['state'], string> = {
  awaiting_payment: 'bg-amber-50 text-amber-900 ring-amber-200',
  paid: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  part_refunded: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  refunded: 'bg-slate-100 text-slate-800 ring-slate-300',
  cancelled: 'bg-slate-100 text-slate-800 ring-slate-300',
  expired: 'bg-slate-100 text-slate-800 ring-slate-300',
  failed: 'bg-red-50 text-red-900 ring-red-200',
};

export function OrderCard({ order }: { order: BuyerOrder }) {
  const headingId = useId();
  const [dialog, setDialog] = useState<'cancel' | 'move' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // One key per opened dialog (or resend click): a retry of the same request acts once.
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const action = useBuyerOrderAction();
  const money = (minor: number) => formatMoney(minor, order.currency);
  const paypal = order.rail === 'paypal_invoice';
  // What a cancel now keeps of what is left to give back.
  const kept = order.cancel ? order.totalMinor - order.refundedMinor - order.cancel.refundMinor : 0;

  const run = (request: BuyerAction) => {
    setOutcome(null);
    action.mutate(
      { orderId: order.orderId, idempotencyKey: requestKey, request },
      {
        onSuccess: ({ message }) => {
          setDialog(null);
          setRequestKey(crypto.randomUUID());
          setOutcome({ ok: true, text: message });
        },
        onError: (error) => {
          // A refused resend has no dialog: its words show in the card.
          if (request.action === 'resend') setOutcome({ ok: false, text: failureText(error) });
        },
      },
    );
  };
  const open = (which: 'cancel' | 'move') => {
    action.reset();
    setOutcome(null);
    setDialog(which);
  };
  const dialogProblem = action.isError && dialog ? failureText(action.error) : null;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-navy-950">
            {order.workshopName}
          </h2>
          <p className="text-sm text-slate-600">
            {texts.order(order.orderId)} · {texts.placed(moment(order.placedAt))}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ${stateTone[order.state]}`}
        >
          {texts.states[order.state]}
        </span>
      </header>

      <div className="flex flex-col gap-1">
        <p className="font-medium text-pretty text-navy-950">
          {batchOptionLabel(order.batchDescription)}
        </p>
        <YourTimeLine sessions={order.sessions} timeZone={browserTimeZone()} />
        <p className="text-slate-700">
          {money(order.totalMinor)}
          {order.paidAt && <> · {texts.paidOn(moment(order.paidAt))}</>}
        </p>
        {order.refundedMinor > 0 && (
          <p className="text-slate-700">{texts.refunded(money(order.refundedMinor))}</p>
        )}
      </div>

      {order.state === 'awaiting_payment' && (
        <div className="flex flex-col gap-1 text-slate-700">
          {order.payableUntil && <p>{texts.payableUntil(moment(order.payableUntil))}</p>}
          <p>{paypal ? texts.payPalHow : texts.zohoHow}</p>
        </div>
      )}
      {order.cancel?.until && (
        <p className="text-slate-700">{texts.cancelUntil(moment(order.cancel.until))}</p>
      )}
      {order.move && <p className="text-slate-700">{texts.moveUntil(moment(order.move.until))}</p>}
      {order.notOffered.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-slate-600">
          {order.notOffered.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}

      {order.groupOrder && (
        <SeatList
          order={order}
          onOpen={() => {
            action.reset();
            setOutcome(null);
          }}
          onOutcome={setOutcome}
        />
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {order.paymentUrl && (
          <a href={order.paymentUrl} className={buttonStyles.primary}>
            {texts.payNow}
          </a>
        )}
        {order.resend && (
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={action.isPending}
            onClick={() => run({ action: 'resend' })}
          >
            {action.isPending && !dialog && <Spinner className="size-4" />}
            {paypal ? texts.resendInvoice : texts.resendLink}
          </button>
        )}
        {order.move && order.move.batches.length > 0 && (
          <button type="button" className={buttonStyles.secondary} onClick={() => open('move')}>
            {texts.move}
          </button>
        )}
        {order.cancel && (
          <button type="button" className={buttonStyles.secondary} onClick={() => open('cancel')}>
            {order.cancel.until
              ? texts.cancelPaid(money(order.cancel.refundMinor))
              : texts.cancelUnpaid}
          </button>
        )}
      </div>
      {order.move && order.move.batches.length === 0 && (
        <p className="text-sm text-slate-600">{texts.noMoveTargets}</p>
      )}

      <p role="status" className="empty:hidden">
        {outcome && (
          <span
            className={`block rounded-lg px-3 py-2 text-sm ${outcome.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-800'}`}
          >
            {outcome.text}
          </span>
        )}
      </p>

      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer font-medium text-navy-950">{texts.terms}</summary>
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
          {order.policyTerms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </details>

      {dialog === 'cancel' && order.cancel && (
        <ActionDialog
          title={
            order.cancel.until ? texts.dialogs.cancelPaidTitle : texts.dialogs.cancelUnpaidTitle
          }
          description={
            order.cancel.until
              ? texts.dialogs.cancelPaidBody(
                  money(order.cancel.refundMinor),
                  paypal ? 'PayPal' : 'Zoho',
                  kept > 0 ? money(kept) : null,
                )
              : texts.dialogs.cancelUnpaidBody(paypal ? 'invoice' : 'payment link')
          }
          confirmLabel={
            order.cancel.until ? texts.dialogs.cancelPaidConfirm : texts.dialogs.cancelUnpaidConfirm
          }
          busy={action.isPending}
          problem={dialogProblem}
          onConfirm={() => run({ action: 'cancel', refundMinor: order.cancel!.refundMinor })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'move' && order.move && (
        <MoveDialog
          order={order}
          busy={action.isPending}
          problem={dialogProblem}
          onMove={(batchId) => run({ action: 'move', batchId })}
          onClose={() => setDialog(null)}
        />
      )}
    </article>
  );
}

function MoveDialog({
  order,
  busy,
  problem,
  onMove,
  onClose,
}: {
  order: BuyerOrder;
  busy: boolean;
  problem: string | null;
  onMove: (batchId: string) => void;
  onClose: () => void;
}) {
  const batches = order.move?.batches ?? [];
  const [chosen, setChosen] = useState(batches[0]?.batchId ?? '');
  const name = useId();
  return (
    <ActionDialog
      title={texts.dialogs.moveTitle}
      description={texts.dialogs.moveBody}
      confirmLabel={texts.dialogs.moveConfirm}
      busy={busy}
      problem={problem}
      onConfirm={() => onMove(chosen)}
      onClose={onClose}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-navy-950">
          {texts.dialogs.moveLegend}
        </legend>
        {batches.map((batch) => (
          <label
            key={batch.batchId}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-sky-500 has-checked:bg-sky-50"
          >
            <input
              type="radio"
              name={name}
              value={batch.batchId}
              checked={chosen === batch.batchId}
              onChange={() => setChosen(batch.batchId)}
              disabled={busy}
              className="mt-1 size-4 accent-sky-600"
            />
            <span className="text-sm text-pretty text-navy-950">
              {batchOptionLabel(batch.batchDescription)}
            </span>
          </label>
        ))}
      </fieldset>
    </ActionDialog>
  );
}
