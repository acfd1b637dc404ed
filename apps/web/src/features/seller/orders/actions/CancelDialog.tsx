import { NoteActionDialog } from './NoteActionDialog';
import { railWords, type OrderActionDialogProps } from './use-order-action-dialog';

/** Cancels an unpaid order: its invoice or payment link is withdrawn, its seat freed. */
export function CancelDialog(props: OrderActionDialogProps) {
  const { provider, what } = railWords(props.detail.order);
  return (
    <NoteActionDialog
      {...props}
      action="cancel"
      words={{
        tone: 'danger',
        title: 'Cancel the order?',
        description: `The ${what} is withdrawn at ${provider} and the seat is freed. The buyer can check out again.`,
        confirmLabel: 'Cancel the order',
        note: { label: 'Why' },
      }}
    />
  );
}
