import type { SellerWaitlistPlace } from '@wifi7/contract';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toasts';
import { EmailText } from '../shell/EmailText';
import { formatDateTime } from '../shell/format';
import { newActionKey, problemOf } from '../shell/seller-api';
import { ConfirmDialog } from '../ui/FormDialog';
import { Field } from '../../../components/Field';
import { fieldAria } from '../../../components/field-aria';
import { sellerControl } from '../ui/styles';
import { usePendingRequest } from '../ui/use-pending-request';
import { removeWaitlistPlace } from './api';

/**
 * Asks before taking a place off the line, with an optional note for the
 * audit log, and sends it with a key made when the dialog opened: a double
 * click or a retry removes once.
 */
export function RemovePlaceDialog({
  place,
  onClose,
  onRemoved,
}: {
  place: SellerWaitlistPlace;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const noteId = useId();
  const [idempotencyKey] = useState(newActionKey);
  const [note, setNote] = useState('');
  const { busy, problem, run } = usePendingRequest(problemOf);

  const confirm = () =>
    run(async () => {
      const answer = await removeWaitlistPlace(place.id, {
        idempotencyKey,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      toast.success(answer.message, { duration: 6000 });
      onClose();
      onRemoved();
    });

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
      busy={busy}
      problem={problem}
      onClose={onClose}
      onConfirm={() => void confirm()}
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
