import { NoteActionDialog } from './NoteActionDialog';
import { railWords, type OrderActionDialogProps } from './use-order-action-dialog';

/** Makes and sends a new invoice or payment link when the provider has none for the order. */
export function ReissueDialog(props: OrderActionDialogProps) {
  const { order } = props.detail;
  const { provider, what } = railWords(order);
  return (
    <NoteActionDialog
      {...props}
      action="reissue"
      words={{
        title: `Issue a new ${what}?`,
        description: `Only once you have checked that ${provider} has nothing for ${order.id}: a new ${what} is made and sent to ${order.email}. Two payable ${what}s could be paid twice.`,
        confirmLabel: `Issue a new ${what}`,
        note: { label: 'Note for the audit log' },
      }}
    />
  );
}
