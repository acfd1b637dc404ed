/**
 * The seller's actions on one order: a button for each the server allows
 * now, each confirmed in a dialog that collects what it needs and sends it
 * with a key made when the dialog opened, so a double click or a retry acts
 * once. The server's answer (or refusal) is shown in its own words.
 */
import { formatMinor, type SellerOrderDetail } from '@wifi7/contract';
import { useId, useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toasts';
import { formatMoney } from '../shell/format';
import { failureText } from '../../../lib/failure-text';
import { newActionKey } from '../shell/seller-api';
import { ConfirmDialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { fieldAria } from '../ui/field-aria';
import { sellerButton, sellerControl } from '../ui/styles';
import { usePendingRequest } from '../ui/use-pending-request';
import { useBatchChoices } from './api/batch-choices';
import { runOrderAction, type OrderAction } from './api/order';

const BUTTONS: { action: OrderAction; label: string; danger?: boolean }[] = [
  { action: 'retryHandoff', label: 'Retry hand-off' },
  { action: 'resend', label: 'Resend invoice / link' },
  { action: 'attach', label: 'Attach provider id' },
  { action: 'reissue', label: 'Issue a new one' },
  { action: 'markPaid', label: 'Mark paid' },
  { action: 'moveBatch', label: 'Move to another batch' },
  { action: 'refund', label: 'Refund', danger: true },
  { action: 'cancel', label: 'Cancel order', danger: true },
  { action: 'dismissAttention', label: 'Dismiss note' },
];

interface OrderActionsProps {
  detail: SellerOrderDetail;
  /** The dialog to open first (from the address, e.g. a link on "Needs attention"). */
  opened: OrderAction | null;
  onOpen: (action: OrderAction | null) => void;
  /** After an action: the message, and the order to show (a moved order may be a new one). */
  onDone: (orderId: string) => void;
}

export function OrderActions({ detail, opened, onOpen, onDone }: OrderActionsProps) {
  const allowed = BUTTONS.filter(({ action }) => detail.actions[action].allowed);
  const openDialog = opened && detail.actions[opened].allowed ? opened : null;
  return (
    <>
      {allowed.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing to do on this order now.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {allowed.map(({ action, label, danger }) => (
            <button
              key={action}
              type="button"
              className={danger ? sellerButton.dangerOutline : sellerButton.secondary}
              onClick={() => onOpen(action)}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {openDialog && (
        <ActionDialog
          key={openDialog}
          action={openDialog}
          detail={detail}
          onClose={() => onOpen(null)}
          onDone={onDone}
        />
      )}
    </>
  );
}

function ActionDialog({
  action,
  detail,
  onClose,
  onDone,
}: {
  action: OrderAction;
  detail: SellerOrderDetail;
  onClose: () => void;
  onDone: (orderId: string) => void;
}) {
  const { order } = detail;
  const ids = {
    note: useId(),
    amount: useId(),
    reason: useId(),
    batch: useId(),
    reference: useId(),
  };
  // One key per dialog: a retry after a refusal or a lost answer is the same request.
  const [idempotencyKey] = useState(newActionKey);
  const { busy, problem, setProblem, run } = usePendingRequest(failureText);
  const [note, setNote] = useState('');
  const maxMinor = detail.actions.refund.maxMinor;
  const [amount, setAmount] = useState(formatMinor(maxMinor));
  const [reason, setReason] = useState('buyer-asked');
  const [batchId, setBatchId] = useState('');
  const [reference, setReference] = useState('');
  const provider = order.rail === 'paypal_invoice' ? 'PayPal' : 'Zoho';
  const what = order.rail === 'paypal_invoice' ? 'invoice' : 'payment link';
  const money = (minor: number) => formatMoney(minor, order.currency);

  const submit = (body: Record<string, unknown>) =>
    run(async () => {
      const answer = await runOrderAction(action, order.id, {
        idempotencyKey,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...body,
      });
      toast.success(answer.message, { duration: 6000 });
      onDone(answer.detail.order.id);
    });

  const noteField = (label: string, required: boolean, hint?: ReactNode) => (
    <Field id={ids.note} label={required ? label : `${label} (optional)`} hint={hint}>
      <textarea
        {...fieldAria(ids.note, Boolean(hint), undefined)}
        value={note}
        required={required}
        maxLength={500}
        rows={2}
        onChange={(event) => setNote(event.target.value)}
        className={sellerControl}
      />
    </Field>
  );
  const common = { busy, problem, onClose };

  switch (action) {
    case 'resend':
      return (
        <ConfirmDialog
          {...common}
          title={`Send the ${what} again?`}
          description={`${provider} e-mails ${order.email} the ${what} again, with the same address to pay.`}
          confirmLabel={`Send the ${what}`}
          onConfirm={() => void submit({})}
        >
          {noteField('Note for the audit log', false)}
        </ConfirmDialog>
      );
    case 'markPaid':
      return (
        <ConfirmDialog
          {...common}
          title="Mark the order paid?"
          description={
            <p>
              For a payment made outside PayPal and Zoho. The {what} is withdrawn at {provider}{' '}
              first, so the buyer cannot also pay it, then the student is enrolled.
            </p>
          }
          confirmLabel="Mark paid"
          onConfirm={() => {
            if (!note.trim()) setProblem('Say how it was paid: it becomes the payment reference.');
            else void submit({});
          }}
        >
          {noteField(
            'How was it paid?',
            true,
            'E.g. “Bank transfer on 4 Jan, reference 2027-118”.',
          )}
        </ConfirmDialog>
      );
    case 'cancel':
      return (
        <ConfirmDialog
          {...common}
          tone="danger"
          title="Cancel the order?"
          description={`The ${what} is withdrawn at ${provider} and the seat is freed. The buyer can check out again.`}
          confirmLabel="Cancel the order"
          onConfirm={() => void submit({})}
        >
          {noteField('Why', false)}
        </ConfirmDialog>
      );
    case 'refund': {
      const minor = toMinorOrNull(amount);
      return (
        <ConfirmDialog
          {...common}
          tone="danger"
          title="Refund the buyer?"
          description={
            <p>
              The money goes back through {provider} to the payment the buyer made. Up to{' '}
              <strong>{money(maxMinor)}</strong> can be refunded; refunding all of it frees the seat
              and un-enrols the student.
            </p>
          }
          confirmLabel={minor ? `Refund ${money(minor)}` : 'Refund'}
          onConfirm={() => {
            if (!minor || minor > maxMinor) {
              setProblem(`Enter an amount from ${money(1)} to ${money(maxMinor)}.`);
            } else void submit({ amountMinor: minor, reason });
          }}
        >
          <Field id={ids.amount} label={`Amount (${order.currency})`}>
            <input
              id={ids.amount}
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              className={`${sellerControl} tabular-nums`}
            />
          </Field>
          <Field id={ids.reason} label="Reason">
            <select
              id={ids.reason}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className={sellerControl}
            >
              <option value="buyer-asked">The buyer asked</option>
              <option value="paid-twice">Paid twice</option>
              <option value="fraud">Fraud</option>
              <option value="other">Other</option>
            </select>
          </Field>
          {noteField(`Note to the buyer`, false, `${provider} shows it to the buyer where it can.`)}
        </ConfirmDialog>
      );
    }
    case 'moveBatch':
      return (
        <MoveBatchDialog
          {...common}
          detail={detail}
          batchId={batchId}
          batchFieldId={ids.batch}
          onBatch={setBatchId}
          onConfirm={() => {
            if (!batchId) setProblem('Choose the batch to move to.');
            else void submit({ batchId });
          }}
        >
          {noteField('Why', false)}
        </MoveBatchDialog>
      );
    case 'retryHandoff':
      return (
        <ConfirmDialog
          {...common}
          title="Send the hand-off again?"
          description={
            <p>
              The courses portal is sent this order’s enrolment message again, now.
              {detail.handoff.lastError && <> Last time: {detail.handoff.lastError}.</>}
            </p>
          }
          confirmLabel="Send it now"
          onConfirm={() => void submit({})}
        >
          {noteField('Note for the audit log', false)}
        </ConfirmDialog>
      );
    case 'dismissAttention':
      return (
        <ConfirmDialog
          {...common}
          title="Dismiss the note?"
          description={
            <div className="flex flex-col gap-2">
              <p>The order stops asking for attention. Dismiss it only once it is dealt with.</p>
              <blockquote className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
                {order.attention}
              </blockquote>
            </div>
          }
          confirmLabel="Dismiss"
          onConfirm={() => {
            if (!note.trim()) setProblem('Give a reason: it is kept in the audit log.');
            else void submit({});
          }}
        >
          {noteField('What did you do about it?', true)}
        </ConfirmDialog>
      );
    case 'attach':
      return (
        <ConfirmDialog
          {...common}
          title={`Attach the ${what} you found`}
          description={`${provider} never answered the request for this order’s ${what}. If you found it at ${provider} (search for ${order.id}), give its id: it is looked up before anything changes.`}
          confirmLabel="Attach"
          onConfirm={() => {
            if (!reference.trim()) setProblem(`Enter the ${provider} id.`);
            else void submit({ providerReference: reference.trim() });
          }}
        >
          <Field id={ids.reference} label={`${provider} ${what} id`}>
            <input
              id={ids.reference}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              className={`${sellerControl} font-mono`}
            />
          </Field>
          {noteField('Note for the audit log', false)}
        </ConfirmDialog>
      );
    case 'reissue':
      return (
        <ConfirmDialog
          {...common}
          title={`Issue a new ${what}?`}
          description={`Only once you have checked that ${provider} has nothing for ${order.id}: a new ${what} is made and sent to ${order.email}. Two payable ${what}s could be paid twice.`}
          confirmLabel={`Issue a new ${what}`}
          onConfirm={() => void submit({})}
        >
          {noteField('Note for the audit log', false)}
        </ConfirmDialog>
      );
  }
}

function MoveBatchDialog({
  detail,
  batchId,
  batchFieldId,
  onBatch,
  children,
  ...dialog
}: {
  detail: SellerOrderDetail;
  batchId: string;
  batchFieldId: string;
  onBatch: (batchId: string) => void;
  busy: boolean;
  problem: string | null;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const batches = useBatchChoices();
  const { order } = detail;
  const choices = (batches.data?.batches ?? []).filter(
    (batch) => batch.workshopSku === order.workshopSku && batch.id !== order.batchId,
  );
  return (
    <ConfirmDialog
      {...dialog}
      title="Move to another batch"
      description={
        order.status === 'paid'
          ? `The seat moves from ${order.batchId} to the batch you choose, if it has one free.`
          : `The buyer gets a new ${order.rail === 'paypal_invoice' ? 'invoice' : 'payment link'} for the batch you choose; the current one is withdrawn.`
      }
      confirmLabel="Move"
    >
      <Field id={batchFieldId} label="Batch">
        <select
          id={batchFieldId}
          value={batchId}
          onChange={(event) => onBatch(event.target.value)}
          className={sellerControl}
          disabled={!batches.isSuccess}
        >
          <option value="">{batches.isSuccess ? 'Choose a batch…' : 'Loading batches…'}</option>
          {choices.map((batch) => {
            const full = batch.seatsTaken >= batch.seatCapacity;
            return (
              <option key={batch.id} value={batch.id} disabled={full}>
                {batch.id} · {batch.seatsTaken}/{batch.seatCapacity} seats
                {batch.status === 'closed' ? ' · closed' : ''}
                {full ? ' · full' : ''}
              </option>
            );
          })}
        </select>
      </Field>
      {children}
    </ConfirmDialog>
  );
}

/** "449.1" → 44910; anything that is not a positive amount with at most two decimals → null. */
function toMinorOrNull(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}
