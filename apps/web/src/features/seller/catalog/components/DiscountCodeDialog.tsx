import type { SellerDiscountCode, SellerWorkshop } from '@wifi7/contract';
import { useId, useMemo } from 'react';
import { FormDialog } from '../../ui/FormDialog';
import { Field, WithAffix } from '../../../../components/Field';
import { fieldWiring } from '../../../../components/field-wiring';
import { sellerControl } from '../../ui/styles';
import { dialogMutation } from '../../ui/mutation-state';
import { useSaveDiscountCode } from '../api/discount-codes';
import { discountFormSchema, discountFormValues, discountUpdateRequestOf } from '../discount-form';
import { WorkshopOptions } from './WorkshopOptions';
import { useZodForm } from '../../ui/zod-form';

/** Creates a code, or edits the terms of one (its name stays). */
export function DiscountCodeDialog({
  code: existing,
  workshops,
  onClose,
}: {
  code?: SellerDiscountCode;
  workshops: SellerWorkshop[];
  onClose: () => void;
}) {
  const id = useId();
  const { send, ...state } = dialogMutation(useSaveDiscountCode(), onClose);
  const schema = useMemo(() => discountFormSchema(existing?.uses ?? 0), [existing?.uses]);
  const { register, handleSubmit, errors } = useZodForm(schema, discountFormValues(existing));
  const wire = fieldWiring(id, register, errors);
  const code = wire('code', 'Code', 'Buyers may type it in any case, e.g. EARLYBIRD.');
  const percent = wire('percent', 'Percent off', "Taken off the workshop's price at checkout.");
  const maxUses = wire('maxUses', 'Maximum uses', 'Orders that may use it; empty: no limit.');
  const workshop = wire('workshopSku', 'Workshop');
  const validity = [
    wire('validFrom', 'Valid from', 'Pacific Time; empty: from now.'),
    wire(
      'validUntil',
      'Valid until',
      'Pacific Time; it stops working at this moment. Empty: no end.',
    ),
  ];

  return (
    <FormDialog
      title={existing ? `Edit ${existing.code}` : 'New discount code'}
      description={
        existing
          ? `Used ${existing.uses} time${existing.uses === 1 ? '' : 's'} so far. Orders already placed keep their price.`
          : 'Buyers can use it at checkout as soon as it is saved.'
      }
      onClose={onClose}
      submitLabel={existing ? 'Save code' : 'Create code'}
      {...state}
      onSubmit={handleSubmit((output) =>
        send(
          existing
            ? { code: existing.code, update: discountUpdateRequestOf(output) }
            : { create: output },
          (saved) => (existing ? `Saved ${saved.code}.` : `Created ${saved.code}.`),
        ),
      )}
      bodyClassName="grid gap-4 sm:grid-cols-2"
    >
      {!existing && (
        <Field {...code.frame} className="sm:col-span-2">
          <input
            {...code.control}
            autoComplete="off"
            spellCheck={false}
            className={`${sellerControl} font-mono uppercase`}
          />
        </Field>
      )}
      <Field {...percent.frame}>
        <WithAffix text="%" side="end">
          <input
            {...percent.control}
            inputMode="numeric"
            autoComplete="off"
            className={`${sellerControl} pr-8 tabular-nums`}
          />
        </WithAffix>
      </Field>
      <Field {...maxUses.frame}>
        <input
          {...maxUses.control}
          inputMode="numeric"
          autoComplete="off"
          className={`${sellerControl} tabular-nums`}
        />
      </Field>
      <Field {...workshop.frame} className="sm:col-span-2">
        <select {...workshop.control} className={sellerControl}>
          <option value="">Every workshop</option>
          <WorkshopOptions workshops={workshops} />
        </select>
      </Field>
      {validity.map(({ frame, control }) => (
        <Field key={frame.id} {...frame}>
          <input type="datetime-local" {...control} className={sellerControl} />
        </Field>
      ))}
    </FormDialog>
  );
}
