import { zodResolver } from '@hookform/resolvers/zod';
import type { SellerWorkshopPrices } from '@wifi7/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Spinner } from '../../../../components/Spinner';
import { failureMessage } from '../api/seller-request';
import {
  majorTextOf,
  priceFormSchema,
  type PriceFormOutput,
  type PriceFormValues,
} from '../discount-form';
import { Dialog, Field, Notice } from './ui';
import { dialogBodyClass, dialogFooterClass, fieldAria, inputClass, smallButton } from './styles';

const currencies = [
  { currency: 'USD', label: 'Price in US dollars', symbol: '$', who: 'Buyers outside India' },
  { currency: 'INR', label: 'Price in Indian rupees', symbol: '₹', who: 'Buyers in India' },
] as const;

/** A workshop's list price in both currencies, in major units (the server keeps minor units). */
export function PriceDialog({
  workshop,
  onSave,
  onClose,
}: {
  workshop: SellerWorkshopPrices;
  onSave: (prices: PriceFormOutput) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PriceFormValues, unknown, PriceFormOutput>({
    resolver: zodResolver(priceFormSchema),
    defaultValues: {
      USD: majorTextOf(workshop.prices.USD),
      INR: majorTextOf(workshop.prices.INR),
    },
  });
  const submit = handleSubmit(async (prices) => {
    setFailure(null);
    try {
      await onSave(prices);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  });

  return (
    <Dialog
      title={`Prices of ${workshop.name}`}
      description="New orders are priced at once; orders already placed keep their price."
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div className={`${dialogBodyClass} flex flex-col gap-4`}>
          {currencies.map(({ currency, label, symbol, who }) => {
            const fieldId = `${id}-${currency}`;
            const error = errors[currency]?.message;
            return (
              <Field key={currency} id={fieldId} label={label} hint={who} error={error}>
                <div className="relative">
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
                  >
                    {symbol}
                  </span>
                  <input
                    {...register(currency)}
                    {...fieldAria(fieldId, true, error)}
                    inputMode="decimal"
                    autoComplete="off"
                    className={`${inputClass} pl-7 tabular-nums`}
                  />
                </div>
              </Field>
            );
          })}
          {failure && (
            <Notice tone="error" role="alert">
              {failure}
            </Notice>
          )}
        </div>
        <div className={dialogFooterClass}>
          <button type="button" className={smallButton.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={smallButton.solid} disabled={isSubmitting}>
            {isSubmitting && <Spinner className="size-4" />}
            Save prices
          </button>
        </div>
      </form>
    </Dialog>
  );
}
