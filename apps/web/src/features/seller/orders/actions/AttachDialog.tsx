import { useId } from 'react';
import { z } from 'zod/mini';
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

const attachFormSchema = z.omit(orderActionRequestSchemas.attach, { idempotencyKey: true });

/** Ties the order to the invoice or payment link the seller found at the provider. */
export function AttachDialog(props: OrderActionDialogProps) {
  const { order } = props.detail;
  const { provider, what } = railWords(order);
  const referenceId = useId();
  const { send, ...state } = useOrderActionDialog('attach', props);
  const { register, handleSubmit, errors } = useZodForm(attachFormSchema, {
    providerReference: '',
    note: '',
  });
  const referenceError = errors.providerReference && `Enter the ${provider} id.`;

  return (
    <ConfirmDialog
      title={`Attach the ${what} you found`}
      description={`${provider} never answered the request for this order’s ${what}. If you found it at ${provider} (search for ${order.id}), give its id: it is looked up before anything changes.`}
      confirmLabel="Attach"
      {...state}
      onClose={props.onClose}
      onConfirm={handleSubmit(send)}
    >
      <Field id={referenceId} label={`${provider} ${what} id`} error={referenceError}>
        <input
          {...register('providerReference')}
          {...fieldAria(referenceId, false, referenceError)}
          className={`${sellerControl} font-mono`}
        />
      </Field>
      <NoteField
        label="Note for the audit log"
        error={errors.note?.message}
        registration={register('note')}
      />
    </ConfirmDialog>
  );
}
