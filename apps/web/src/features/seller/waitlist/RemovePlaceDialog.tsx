import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { sellerWaitlistRemoveRequestSchema, type SellerWaitlistPlace } from '@wifi7/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { failureText } from '../../../lib/failure-text';
import { toast } from '../../../lib/toasts';
import { EmailText } from '../shell/EmailText';
import { formatDateTime } from '../shell/format';
import { newActionKey } from '../shell/seller-api';
import { ConfirmDialog } from '../ui/FormDialog';
import { NoteField } from '../ui/NoteField';
import { useRemoveWaitlistPlace } from './api/waitlist-places';

const removeFormSchema = z.pick(sellerWaitlistRemoveRequestSchema, { note: true });

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
  const remove = useRemoveWaitlistPlace();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ note?: string | undefined }, unknown, { note?: string | undefined }>({
    resolver: zodResolver(removeFormSchema),
    defaultValues: { note: '' },
  });

  const confirm = ({ note }: { note?: string | undefined }) =>
    remove.mutate(
      { placeId: place.id, body: { idempotencyKey, ...(note ? { note } : {}) } },
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
      onConfirm={() => void handleSubmit(confirm)()}
    >
      <NoteField
        label="Note for the audit log"
        error={errors.note?.message}
        registration={register('note')}
      />
    </ConfirmDialog>
  );
}
