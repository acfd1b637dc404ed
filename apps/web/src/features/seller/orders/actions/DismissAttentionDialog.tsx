import { NoteActionDialog } from './NoteActionDialog';
import type { OrderActionDialogProps } from './use-order-action-dialog';

/** Stops the order asking for attention, with what was done about it. */
export function DismissAttentionDialog(props: OrderActionDialogProps) {
  return (
    <NoteActionDialog
      {...props}
      action="dismissAttention"
      words={{
        title: 'Dismiss the note?',
        description: (
          <div className="flex flex-col gap-2">
            <p>The order stops asking for attention. Dismiss it only once it is dealt with.</p>
            <blockquote className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
              {props.detail.order.attention}
            </blockquote>
          </div>
        ),
        confirmLabel: 'Dismiss',
        note: {
          label: 'What did you do about it?',
          required: 'Give a reason: it is kept in the audit log.',
        },
      }}
    />
  );
}
