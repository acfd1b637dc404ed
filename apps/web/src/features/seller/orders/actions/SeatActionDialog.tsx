/**
 * Refunds or cancels one seat of an order, after one confirmation. The
 * request goes out with a key made when the dialog opened, so a double
 * click or a retry acts once; the server's answer is a toast, its refusal is
 * shown in the dialog, and the order is read again.
 */
import {
  formatMinor,
  parseAmount,
  sellerNoteSchema,
  type SellerOrderDetail,
  type SellerSeat,
} from '@wifi7/contract';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { Field } from '../../../../components/Field';
import { fieldAria } from '../../../../components/field-aria';
import { formatMoney } from '../../shell/format';
import { newActionKey } from '../../shell/seller-api';
import { ConfirmDialog } from '../../ui/FormDialog';
import { dialogMutation } from '../../ui/mutation-state';
import { NoteField } from '../../ui/NoteField';
import { sellerControl } from '../../ui/styles';
import { useZodForm } from '../../ui/zod-form';
import { useSeatAction, type SeatAction } from '../api/seat-action';
import { railWords } from './use-order-action-dialog';

/** The form: an amount as typed (refunds only, at most the seat's share left) and a note. */
function seatFormSchema(action: SeatAction, maxMinor: number) {
  return z.object({
    amountMinor:
      action === 'refund'
        ? z.pipe(
            z.pipe(z.string(), z.transform(parseAmount)),
            z.number().check(z.int(), z.gte(1), z.lte(maxMinor)),
          )
        : z.optional(z.string()),
    note: z.optional(sellerNoteSchema),
  });
}

/** Who holds the seat, as the dialog names it. */
function seatHolderWords(seat: SellerSeat): string {
  return seat.attendee
    ? `${seat.attendee.firstName} ${seat.attendee.lastName} (${seat.attendee.email})`
    : 'open, its invite not used yet';
}

export function SeatActionDialog({
  detail,
  seat,
  action,
  onClose,
}: {
  detail: SellerOrderDetail;
  seat: SellerSeat;
  action: SeatAction;
  onClose: () => void;
}) {
  const { order } = detail;
  const refund = action === 'refund';
  const maxMinor = seat.actions.refund.maxMinor;
  const money = (minor: number) => formatMoney(minor, order.currency);
  const { provider } = railWords(order);
  const amountId = useId();
  const [idempotencyKey] = useState(newActionKey);
  const { send, ...state } = dialogMutation(useSeatAction(order.id), onClose);
  const { register, handleSubmit, control, errors } = useZodForm(seatFormSchema(action, maxMinor), {
    amountMinor: refund ? formatMinor(maxMinor) : undefined,
    note: '',
  });
  const typed = useWatch({ control, name: 'amountMinor' });
  const minor = refund ? parseAmount(typed ?? '') || null : null;
  const amountError =
    errors.amountMinor && `Enter an amount from ${money(1)} to ${money(maxMinor)}.`;

  const onConfirm = handleSubmit(({ amountMinor, note }) =>
    send(
      {
        seatId: seat.id,
        action,
        body: {
          idempotencyKey,
          ...(refund && typeof amountMinor === 'number' ? { amountMinor } : {}),
          ...(note ? { note } : {}),
        },
      },
      (answer) => answer.message,
      6000,
    ),
  );

  return (
    <ConfirmDialog
      tone="danger"
      title={refund ? `Refund seat ${seat.number}?` : `Cancel seat ${seat.number}?`}
      description={
        <p>
          Seat {seat.number} is {seatHolderWords(seat)}.{' '}
          {refund ? (
            <>
              The money goes back through {provider} to the payment the buyer made: up to{' '}
              <strong>{money(maxMinor)}</strong>, the seat’s share. The seat is freed and the
              courses portal is told.
            </>
          ) : (
            <>No money goes back. The seat is freed and the courses portal is told.</>
          )}
        </p>
      }
      confirmLabel={
        refund ? (minor ? `Refund ${money(minor)}` : 'Refund this seat') : 'Cancel this seat'
      }
      {...state}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {refund && (
        <Field id={amountId} label={`Amount (${order.currency})`} error={amountError}>
          <input
            {...register('amountMinor')}
            {...fieldAria(amountId, false, amountError)}
            inputMode="decimal"
            className={`${sellerControl} tabular-nums`}
          />
        </Field>
      )}
      <NoteField
        label="Note for the audit log"
        error={errors.note?.message}
        registration={register('note')}
      />
    </ConfirmDialog>
  );
}
