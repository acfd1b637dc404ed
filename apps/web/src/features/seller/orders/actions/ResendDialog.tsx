import { NoteActionDialog } from './NoteActionDialog';
import { railWords, type OrderActionDialogProps } from './use-order-action-dialog';

/** Has the provider e-mail the invoice or payment link again. */
export function ResendDialog(props: OrderActionDialogProps) {
  const { order } = props.detail;
  const { provider, what } = railWords(order);
  return (
    <NoteActionDialog
      {...props}
      action="resend"
      words={{
        title: `Send the ${what} again?`,
        description: `${provider} e-mails ${order.email} the ${what} again, with the same address to pay.`,
        confirmLabel: `Send the ${what}`,
        note: { label: 'Note for the audit log' },
      }}
    />
  );
}
