import { HOLD_HOURS, type SellerWorkshopPrices } from '@wifi7/contract';
import { useId } from 'react';
import { z } from 'zod/mini';
import { FormDialog } from '../../ui/FormDialog';
import { Field, WithAffix } from '../../../../components/Field';
import { fieldAria } from '../../../../components/field-aria';
import { sellerControl } from '../../ui/styles';
import { dialogMutation } from '../../ui/mutation-state';
import { useChangeWorkshop } from '../api/prices';
import { useZodForm } from '../../ui/zod-form';

const holdFormSchema = z.object({
  holdHours: z.pipe(
    z.pipe(z.string().check(z.trim(), z.regex(/^\d+$/, 'Whole hours only')), z.transform(Number)),
    z
      .number()
      .check(
        z.gte(HOLD_HOURS.min, `At least ${HOLD_HOURS.min} hour`),
        z.lte(HOLD_HOURS.max, `At most ${HOLD_HOURS.max} hours (a week)`),
      ),
  ),
});

/** How long an unpaid order of the workshop keeps its seat and code use. */
export function HoldDialog({
  workshop,
  onClose,
}: {
  workshop: SellerWorkshopPrices;
  onClose: () => void;
}) {
  const fieldId = `${useId()}-hold`;
  const { send, ...state } = dialogMutation(useChangeWorkshop(), onClose);
  const { register, handleSubmit, errors } = useZodForm(holdFormSchema, {
    holdHours: String(workshop.holdHours),
  });
  const error = errors.holdHours?.message;

  return (
    <FormDialog
      title={`Unpaid orders of ${workshop.name}`}
      description="New orders hold their seat this long; orders already placed keep their hold."
      onClose={onClose}
      submitLabel="Save hold"
      {...state}
      onSubmit={handleSubmit((hold) =>
        send(
          { sku: workshop.sku, hold },
          (saved) => `Unpaid orders of ${saved.name} now hold their seat ${saved.holdHours} h.`,
        ),
      )}
    >
      <Field
        id={fieldId}
        label="Hold an unpaid order's seat for"
        hint={`${HOLD_HOURS.min} to ${HOLD_HOURS.max} hours`}
        error={error}
      >
        <WithAffix text="hours" side="end">
          <input
            {...register('holdHours')}
            {...fieldAria(fieldId, true, error)}
            inputMode="numeric"
            autoComplete="off"
            className={`${sellerControl} pr-14 tabular-nums`}
          />
        </WithAffix>
      </Field>
    </FormDialog>
  );
}
