import { zodResolver } from '@hookform/resolvers/zod';
import type { SellerDiscountCode, SellerWorkshop } from '@wifi7/contract';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Spinner } from '../../../../components/Spinner';
import { failureMessage } from '../api/seller-request';
import {
  discountFormSchema,
  discountFormValues,
  type DiscountFormOutput,
  type DiscountFormValues,
} from '../discount-form';
import { Dialog, Field, Notice } from './ui';
import { dialogBodyClass, dialogFooterClass, fieldAria, inputClass, smallButton } from './styles';

/** Creates a code, or edits the terms of one (its name stays). */
export function DiscountCodeDialog({
  code,
  workshops,
  onSave,
  onClose,
}: {
  code?: SellerDiscountCode;
  workshops: SellerWorkshop[];
  onSave: (output: DiscountFormOutput) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => discountFormSchema(code?.uses ?? 0), [code?.uses]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DiscountFormValues, unknown, DiscountFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: discountFormValues(code),
  });
  const submit = handleSubmit(async (output) => {
    setFailure(null);
    try {
      await onSave(output);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  });
  const fieldId = (name: keyof DiscountFormValues) => `${id}-${name}`;
  const text = (name: keyof DiscountFormValues, hint: boolean) => ({
    ...register(name),
    ...fieldAria(fieldId(name), hint, errors[name]?.message),
  });

  return (
    <Dialog
      title={code ? `Edit ${code.code}` : 'New discount code'}
      description={
        code
          ? `Used ${code.uses} time${code.uses === 1 ? '' : 's'} so far. Orders already placed keep their price.`
          : 'Buyers can use it at checkout as soon as it is saved.'
      }
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div className={`${dialogBodyClass} grid gap-4 sm:grid-cols-2`}>
          {!code && (
            <Field
              id={fieldId('code')}
              label="Code"
              hint="3 to 32 letters, digits, _ or -. Buyers may type it in any case."
              error={errors.code?.message}
              className="sm:col-span-2"
            >
              <input
                {...text('code', true)}
                autoComplete="off"
                spellCheck={false}
                className={`${inputClass} font-mono uppercase`}
              />
            </Field>
          )}
          <Field
            id={fieldId('percent')}
            label="Percent off"
            hint="1 to 99"
            error={errors.percent?.message}
          >
            <div className="relative">
              <input
                {...text('percent', true)}
                inputMode="numeric"
                autoComplete="off"
                className={`${inputClass} pr-8 tabular-nums`}
              />
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-500"
              >
                %
              </span>
            </div>
          </Field>
          <Field
            id={fieldId('maxUses')}
            label="Maximum uses"
            hint="Empty for no limit"
            error={errors.maxUses?.message}
          >
            <input
              {...text('maxUses', true)}
              inputMode="numeric"
              autoComplete="off"
              className={`${inputClass} tabular-nums`}
            />
          </Field>
          <Field
            id={fieldId('workshopSku')}
            label="Workshop"
            error={errors.workshopSku?.message}
            className="sm:col-span-2"
          >
            <select {...text('workshopSku', false)} className={inputClass}>
              <option value="">Every workshop</option>
              {workshops.map((workshop) => (
                <option key={workshop.sku} value={workshop.sku}>
                  {workshop.name}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={fieldId('validFrom')}
            label="Valid from"
            hint="Pacific Time; empty: from now"
            error={errors.validFrom?.message}
          >
            <input type="datetime-local" {...text('validFrom', true)} className={inputClass} />
          </Field>
          <Field
            id={fieldId('validUntil')}
            label="Valid until"
            hint="Pacific Time; empty: no end"
            error={errors.validUntil?.message}
          >
            <input type="datetime-local" {...text('validUntil', true)} className={inputClass} />
          </Field>
          {failure && (
            <div className="sm:col-span-2">
              <Notice tone="error" role="alert">
                {failure}
              </Notice>
            </div>
          )}
        </div>
        <div className={dialogFooterClass}>
          <button type="button" className={smallButton.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={smallButton.solid} disabled={isSubmitting}>
            {isSubmitting && <Spinner className="size-4" />}
            {code ? 'Save code' : 'Create code'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
