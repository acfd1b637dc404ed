/** The dialog of an order action that needs nothing but a note. */
import { z } from 'zod/mini';
import { NoteConfirmDialog, type NoteConfirmWords } from '../../ui/NoteConfirmDialog';
import { orderActionRequestSchemas } from '../api/order';
import { useOrderActionDialog, type OrderActionDialogProps } from './use-order-action-dialog';

type NoteAction =
  'resend' | 'markPaid' | 'cancel' | 'retryHandoff' | 'dismissAttention' | 'reissue';

const noteFormSchemas = {
  resend: z.omit(orderActionRequestSchemas.resend, { idempotencyKey: true }),
  markPaid: z.omit(orderActionRequestSchemas.markPaid, { idempotencyKey: true }),
  cancel: z.omit(orderActionRequestSchemas.cancel, { idempotencyKey: true }),
  retryHandoff: z.omit(orderActionRequestSchemas.retryHandoff, { idempotencyKey: true }),
  dismissAttention: z.omit(orderActionRequestSchemas.dismissAttention, { idempotencyKey: true }),
  reissue: z.omit(orderActionRequestSchemas.reissue, { idempotencyKey: true }),
};

export function NoteActionDialog({
  action,
  words,
  ...props
}: OrderActionDialogProps & { action: NoteAction; words: NoteConfirmWords }) {
  const { busy, problem, send } = useOrderActionDialog(action, props);
  return (
    <NoteConfirmDialog
      words={words}
      noteSchema={noteFormSchemas[action]}
      busy={busy}
      problem={problem}
      onClose={props.onClose}
      onSend={send}
    />
  );
}
