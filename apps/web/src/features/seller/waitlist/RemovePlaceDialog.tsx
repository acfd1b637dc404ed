import type { SellerWaitlistPlace } from '@wifi7/contract';
import { useId, useState } from 'react';
import { failureText } from '../../../lib/failure-text';
import { toast } from '../../../lib/toasts';
import { EmailText } from '../shell/EmailText';
import { formatDateTime } from '../shell/format';
import { newActionKey } from '../shell/seller-api';
import { ConfirmDialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { fieldAria } from '../ui/field-aria';
import { sellerControl } from '../ui/styles';
import { useRemoveWaitlistPlace } from './api/waitlist-places';

/**
 * Asks before taking a place off the line, with an optional note for the
 * audit log, and sends it with a key made when the dialog opened: a double
 * click or a retry removes once.
 */
export function RemovePlaceDialog({
  place,
  onClose,
}: {
  place: SellerWaitlistPlace;
  onClose: () => void;
}) {
  const noteId = useId();
  const [idempotencyKey] = useState(newActionKey);
  const [note, setNote] = useState('');
  const remove = useRemoveWaitlistPlace();

  const confirm = () =>
    remove.mutate(
      {
        placeId: place.id,
        body: { idempotencyKey, ...(note.trim() ? { note: note.trim() } : {}) },
      },
      {
        onSuccess: (answer) => {
          toast.success(answer.message, { duration: 6000 });
          onClose();
        },
      },
    );

  return (
    <ConfirmDialog
      tone="danger"
      title="Remove from the waitlist?"
      description={
        <p className="[overflow-wrap:anywhere]">
          <strong className="font-semibold text-navy-950">
            <EmailText email={place.email} />
          </strong>{' '}
          {place.state === 'offered' && place.offerExpiresAt
            ? `loses the offer held until ${formatDateTime(place.offerExpiresAt)}; the seat passes to the next person in line now.`
            : 'loses their place in line; everyone behind them moves up. They are not e-mailed.'}
        </p>
      }
      confirmLabel="Remove from waitlist"
      // Busy until the dialog closes on success: no second request slips in.
      busy={remove.isPending || remove.isSuccess}
      problem={remove.isError ? failureText(remove.error) : null}
      onClose={onClose}
      onConfirm={confirm}
    >
      <Field id={noteId} label="Note for the audit log (optional)">
        <textarea
          {...fieldAria(noteId, false, undefined)}
          value={note}
          maxLength={500}
          rows={2}
          onChange={(event) => setNote(event.target.value)}
          className={sellerControl}
        />
      </Field>
    </ConfirmDialog>
  );
}
