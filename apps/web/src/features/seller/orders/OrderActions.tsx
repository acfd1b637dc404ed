/**
 * The seller's actions on one order: a button for each the server allows
 * now, each opening its own dialog (under ./actions) that collects what the
 * action needs and sends it. The server's answer (or refusal) is shown in
 * its own words.
 */
import type { SellerOrderDetail } from '@wifi7/contract';
import type { ComponentType } from 'react';
import { sellerButton } from '../ui/styles';
import { AttachDialog } from './actions/AttachDialog';
import { MoveBatchDialog } from './actions/MoveBatchDialog';
import { NoteActionDialog, type NoteAction } from './actions/NoteActionDialog';
import { RefundDialog } from './actions/RefundDialog';
import type { OrderActionDialogProps } from './actions/use-order-action-dialog';
import type { OrderAction } from './api/order';

/** The dialog of an action that needs nothing but a note. */
const noteActionDialog = (action: NoteAction) =>
  function NoteActionFor(props: OrderActionDialogProps) {
    return <NoteActionDialog action={action} {...props} />;
  };

const BUTTONS: {
  action: OrderAction;
  label: string;
  danger?: boolean;
  Dialog: ComponentType<OrderActionDialogProps>;
}[] = [
  { action: 'retryHandoff', label: 'Retry hand-off', Dialog: noteActionDialog('retryHandoff') },
  { action: 'resendMail', label: 'Send the e-mail again', Dialog: noteActionDialog('resendMail') },
  { action: 'resend', label: 'Resend invoice / link', Dialog: noteActionDialog('resend') },
  { action: 'attach', label: 'Attach provider id', Dialog: AttachDialog },
  { action: 'reissue', label: 'Issue a new one', Dialog: noteActionDialog('reissue') },
  { action: 'markPaid', label: 'Mark paid', Dialog: noteActionDialog('markPaid') },
  { action: 'moveBatch', label: 'Move to another batch', Dialog: MoveBatchDialog },
  { action: 'refund', label: 'Refund', danger: true, Dialog: RefundDialog },
  { action: 'cancel', label: 'Cancel order', danger: true, Dialog: noteActionDialog('cancel') },
  {
    action: 'dismissAttention',
    label: 'Dismiss note',
    Dialog: noteActionDialog('dismissAttention'),
  },
];

interface OrderActionsProps {
  detail: SellerOrderDetail;
  /** The dialog to open first (from the address, e.g. a link on "Needs attention"). */
  opened: OrderAction | null;
  onOpen: (action: OrderAction | null) => void;
  /** After an action: the order to show (a moved order may be a new one). */
  onDone: (orderId: string) => void;
}

export function OrderActions({ detail, opened, onOpen, onDone }: OrderActionsProps) {
  const allowed = BUTTONS.filter(({ action }) => detail.actions[action].allowed);
  const open = allowed.find(({ action }) => action === opened);
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
      {open && (
        <open.Dialog
          key={open.action}
          detail={detail}
          onClose={() => onOpen(null)}
          onDone={onDone}
        />
      )}
    </>
  );
}
