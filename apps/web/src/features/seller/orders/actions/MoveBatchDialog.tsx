import { useId } from 'react';
import { z } from 'zod/mini';
import { ConfirmDialog } from '../../ui/FormDialog';
import { Field } from '../../../../components/Field';
import { fieldAria } from '../../../../components/field-aria';
import { sellerControl } from '../../ui/styles';
import { useBatchChoices } from '../api/batch-choices';
import { orderActionRequestSchemas } from '../api/order';
import { NoteField } from '../../ui/NoteField';
import {
  railWords,
  useOrderActionDialog,
  type OrderActionDialogProps,
} from './use-order-action-dialog';
import { useZodForm } from '../../ui/zod-form';

const moveFormSchema = z.omit(orderActionRequestSchemas.moveBatch, { idempotencyKey: true });

/** Moves the order to another batch of its workshop (a paid seat, or a new invoice). */
export function MoveBatchDialog(props: OrderActionDialogProps) {
  const { order } = props.detail;
  const batchFieldId = useId();
  const batches = useBatchChoices();
  const { send, ...state } = useOrderActionDialog('moveBatch', props);
  const { register, handleSubmit, errors } = useZodForm(moveFormSchema, { batchId: '', note: '' });
  const batchError = errors.batchId && 'Choose the batch to move to.';
  const choices = (batches.data?.batches ?? []).filter(
    (batch) => batch.workshopSku === order.workshopSku && batch.id !== order.batchId,
  );

  return (
    <ConfirmDialog
      title="Move to another batch"
      description={
        order.status === 'paid'
          ? `The seat moves from ${order.batchId} to the batch you choose, if it has one free.`
          : `The buyer gets a new ${railWords(order).what} for the batch you choose; the current one is withdrawn.`
      }
      confirmLabel="Move"
      {...state}
      onClose={props.onClose}
      onConfirm={handleSubmit(send)}
    >
      <Field id={batchFieldId} label="Batch" error={batchError}>
        <select
          {...register('batchId')}
          {...fieldAria(batchFieldId, false, batchError)}
          className={sellerControl}
          disabled={!batches.isSuccess}
        >
          <option value="">{batches.isSuccess ? 'Choose a batch…' : 'Loading batches…'}</option>
          {choices.map((batch) => {
            const full = batch.seatsTaken >= batch.seatCapacity;
            return (
              <option key={batch.id} value={batch.id} disabled={full}>
                {batch.id} · {batch.seatsTaken}/{batch.seatCapacity} seats
                {batch.status === 'closed' ? ' · closed' : ''}
                {full ? ' · full' : ''}
              </option>
            );
          })}
        </select>
      </Field>
      <NoteField label="Why" error={errors.note?.message} registration={register('note')} />
    </ConfirmDialog>
  );
}
