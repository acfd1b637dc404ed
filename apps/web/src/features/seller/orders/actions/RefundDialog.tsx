import { formatMinor, parseAmount } from '@wifi7/contract';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { formatMoney } from '../../shell/format';
import { ConfirmDialog } from '../../ui/FormDialog';
import { Field } from '../../../../components/Field';
import { fieldAria } from '../../../../components/field-aria';
import { sellerControl } from '../../ui/styles';
import { orderActionRequestSchemas } from '../api/order';
import { NoteField } from '../../ui/NoteField';
import {
  railWords,
  useOrderActionDialog,
  type OrderActionDialogProps,
} from './use-order-action-dialog';
import { useZodForm } from '../../ui/zod-form';

const refundRequest = orderActionRequestSchemas.refund;

/** The refund request, with the amount as typed: at most what can still be given back. */
function refundFormSchema(maxMinor: number) {
  return z.extend(z.omit(refundRequest, { idempotencyKey: true }), {
    amountMinor: z.pipe(
      z.pipe(z.string(), z.transform(parseAmount)),
      refundRequest.shape.amountMinor.check(z.lte(maxMinor)),
    ),
  });
}

/** Gives money back through the provider; refunding all of it frees the seat. */
export function RefundDialog(props: OrderActionDialogProps) {
  const { order } = props.detail;
  const maxMinor = props.detail.actions.refund.maxMinor;
  const { provider } = railWords(order);
  const money = (minor: number) => formatMoney(minor, order.currency);
  const ids = { amount: useId(), reason: useId() };
  const { send, ...state } = useOrderActionDialog('refund', props);
  const { register, handleSubmit, control, errors } = useZodForm(refundFormSchema(maxMinor), {
    amountMinor: formatMinor(maxMinor),
    reason: 'buyer-asked',
    note: '',
  });
  // Nothing to refund is no amount: the button says so until one is typed.
  const minor = parseAmount(useWatch({ control, name: 'amountMinor' })) || null;
  const amountError =
    errors.amountMinor && `Enter an amount from ${money(1)} to ${money(maxMinor)}.`;

  return (
    <ConfirmDialog
      tone="danger"
      title="Refund the buyer?"
      description={
        <p>
          The money goes back through {provider} to the payment the buyer made. Up to{' '}
          <strong>{money(maxMinor)}</strong> can be refunded; refunding all of it frees the seat and
          un-enrols the student.
        </p>
      }
      confirmLabel={minor ? `Refund ${money(minor)}` : 'Refund'}
      {...state}
      onClose={props.onClose}
      onConfirm={handleSubmit(send)}
    >
      <Field id={ids.amount} label={`Amount (${order.currency})`} error={amountError}>
        <input
          {...register('amountMinor')}
          {...fieldAria(ids.amount, false, amountError)}
          inputMode="decimal"
          className={`${sellerControl} tabular-nums`}
        />
      </Field>
      <Field id={ids.reason} label="Reason">
        <select {...register('reason')} id={ids.reason} className={sellerControl}>
          <option value="buyer-asked">The buyer asked</option>
          <option value="paid-twice">Paid twice</option>
          <option value="fraud">Fraud</option>
          <option value="other">Other</option>
        </select>
      </Field>
      <NoteField
        label="Note to the buyer"
        hint={`${provider} shows it to the buyer where it can.`}
        error={errors.note?.message}
        registration={register('note')}
      />
    </ConfirmDialog>
  );
}
