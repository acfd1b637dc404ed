/**
 * Asks before an action that needs nothing but a note: it asks its
 * question, takes the note the action's request schema allows (or
 * requires) and hands it on to be sent.
 */
import type { ReactNode } from 'react';
import { z } from 'zod/mini';
import { ConfirmDialog } from './FormDialog';
import { NoteField } from './NoteField';
import { useZodForm } from './zod-form';

type NoteForm = { note: string | undefined };

export interface NoteConfirmWords {
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

export function NoteConfirmDialog({
  words: { note, ...question },
  noteSchema,
  onSend,
  ...state
}: {
  words: NoteConfirmWords;
  /** The note's field of the action's request schema. */
  noteSchema: z.ZodMiniType<NoteForm['note'], NoteForm['note']>;
  busy: boolean;
  problem: string | null;
  onClose: () => void;
  onSend: (form: NoteForm) => void;
}) {
  const { register, handleSubmit, errors } = useZodForm(z.object({ note: noteSchema }), {
    note: '',
  });
  const noteError = errors.note && (note.required ?? errors.note.message);

  return (
    <ConfirmDialog {...question} {...state} onConfirm={handleSubmit(onSend)}>
      <NoteField
        label={note.label}
        required={Boolean(note.required)}
        hint={note.hint}
        error={noteError}
        registration={register('note')}
      />
    </ConfirmDialog>
  );
}
