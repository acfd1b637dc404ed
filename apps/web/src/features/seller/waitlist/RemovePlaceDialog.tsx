import { sellerWaitlistRemoveRequestSchema, type SellerWaitlistPlace } from '@wifi7/contract';
import { useState } from 'react';
import { EmailText } from '../shell/EmailText';
import { formatDateTime } from '../shell/format';
import { newActionKey } from '../shell/seller-api';
import { NoteConfirmDialog } from '../ui/NoteConfirmDialog';
import { dialogMutation } from '../ui/mutation-state';
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
  const [idempotencyKey] = useState(newActionKey);
  const { send, ...state } = dialogMutation(useRemoveWaitlistPlace(), onClose);
  const confirm = ({ note }: { note?: string | undefined }) =>
    send(
      { placeId: place.id, body: { idempotencyKey, ...(note ? { note } : {}) } },
      (answer) => answer.message,
      6000,
    );

  return (
    <NoteConfirmDialog
      words={{
        tone: 'danger',
        title: 'Remove from the waitlist?',
        description: (
          <p className="[overflow-wrap:anywhere]">
            <strong className="font-semibold text-navy-950">
              <EmailText email={place.email} />
            </strong>{' '}
            {place.state === 'offered' && place.offerExpiresAt
              ? `loses the offer held until ${formatDateTime(place.offerExpiresAt)}; the seat passes to the next person in line now.`
              : 'loses their place in line; everyone behind them moves up. They are not e-mailed.'}
          </p>
        ),
        confirmLabel: 'Remove from waitlist',
        note: { label: 'Note for the audit log' },
      }}
      noteSchema={sellerWaitlistRemoveRequestSchema.shape.note}
      {...state}
      onClose={onClose}
      onSend={confirm}
    />
  );
}
