import { NoteActionDialog } from './NoteActionDialog';
import type { OrderActionDialogProps } from './use-order-action-dialog';

/** Sends the courses portal the order's enrolment message again, now. */
export function RetryHandoffDialog(props: OrderActionDialogProps) {
  const { lastError } = props.detail.handoff;
  return (
    <NoteActionDialog
      {...props}
      action="retryHandoff"
      words={{
        title: 'Send the hand-off again?',
        description: (
          <p>
            The courses portal is sent this order’s enrolment message again, now.
            {lastError && <> Last time: {lastError}.</>}
          </p>
        ),
        confirmLabel: 'Send it now',
        note: { label: 'Note for the audit log' },
      }}
    />
  );
}
