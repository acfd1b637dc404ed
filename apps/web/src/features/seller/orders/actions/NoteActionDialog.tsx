/**
 * The dialog of an action that needs nothing but a note: it asks its
 * question, takes the note its request schema allows (or requires) and
 * sends it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../ui/FormDialog';
import { orderActionRequestSchemas } from '../api/order';
import { NoteField } from '../../ui/NoteField';
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

export interface NoteActionWords {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone?: 'default' | 'danger';
  note: {
    label: string;
    hint?: ReactNode;
    /** The words shown when a required note is missing. */
    required?: string;
  };
}

export function NoteActionDialog({
  action,
  words,
  ...props
}: OrderActionDialogProps & { action: NoteAction; words: NoteActionWords }) {
  const { busy, problem, send } = useOrderActionDialog(action, props);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ note?: string | undefined }, unknown, { note?: string | undefined }>({
    resolver: zodResolver(noteFormSchemas[action]),
    defaultValues: { note: '' },
  });
  const noteError = errors.note && (words.note.required ?? errors.note.message);

  return (
    <ConfirmDialog
      tone={words.tone}
      title={words.title}
      description={words.description}
      confirmLabel={words.confirmLabel}
      busy={busy}
      problem={problem}
      onClose={props.onClose}
      onConfirm={() => void handleSubmit(send)()}
    >
      <NoteField
        label={words.note.label}
        required={Boolean(words.note.required)}
        hint={words.note.hint}
        error={noteError}
        registration={register('note')}
      />
    </ConfirmDialog>
  );
}
