import { NoteActionDialog } from './NoteActionDialog';
import { railWords, type OrderActionDialogProps } from './use-order-action-dialog';

/** Records a payment made outside PayPal and Zoho; the note becomes its reference. */
export function MarkPaidDialog(props: OrderActionDialogProps) {
  const { provider, what } = railWords(props.detail.order);
  return (
    <NoteActionDialog
      {...props}
      action="markPaid"
      words={{
        title: 'Mark the order paid?',
        description: (
          <p>
            For a payment made outside PayPal and Zoho. The {what} is withdrawn at {provider} first,
            so the buyer cannot also pay it, then the student is enrolled.
          </p>
        ),
        confirmLabel: 'Mark paid',
        note: {
          label: 'How was it paid?',
          hint: 'E.g. “Bank transfer on 4 Jan, reference 2027-118”.',
          required: 'Say how it was paid: it becomes the payment reference.',
        },
      }}
    />
  );
}
