import type { SellerWorkshopPrices } from '@wifi7/contract';
import { useId } from 'react';
import { FormDialog } from '../../ui/FormDialog';
import { Field, WithAffix } from '../../../../components/Field';
import { fieldAria } from '../../../../components/field-aria';
import { sellerControl } from '../../ui/styles';
import { dialogMutation } from '../../ui/mutation-state';
import { useChangeWorkshop } from '../api/prices';
import { majorTextOf, priceFormSchema } from '../discount-form';
import { useZodForm } from '../../ui/zod-form';

const currencies = [
  { currency: 'USD', label: 'Price in US dollars', symbol: '$', who: 'Buyers outside India' },
  { currency: 'INR', label: 'Price in Indian rupees', symbol: '₹', who: 'Buyers in India' },
] as const;

/** A workshop's list price in both currencies, in major units (the server keeps minor units). */
export function PriceDialog({
  workshop,
  onClose,
}: {
  workshop: SellerWorkshopPrices;
  onClose: () => void;
}) {
  const id = useId();
  const { send, ...state } = dialogMutation(useChangeWorkshop(), onClose);
  const { register, handleSubmit, errors } = useZodForm(priceFormSchema, {
    USD: majorTextOf(workshop.prices.USD),
    INR: majorTextOf(workshop.prices.INR),
  });

  return (
    <FormDialog
      title={`Prices of ${workshop.name}`}
      description="New orders are priced at once; orders already placed keep their price."
      onClose={onClose}
      submitLabel="Save prices"
      {...state}
      onSubmit={handleSubmit((prices) =>
        send({ sku: workshop.sku, prices }, (saved) => `Saved the prices of ${saved.name}.`),
      )}
    >
      {currencies.map(({ currency, label, symbol, who }) => {
        const fieldId = `${id}-${currency}`;
        const error = errors[currency]?.message;
        return (
          <Field key={currency} id={fieldId} label={label} hint={who} error={error}>
            <WithAffix text={symbol} side="start">
              <input
                {...register(currency)}
                {...fieldAria(fieldId, true, error)}
                inputMode="decimal"
                autoComplete="off"
                className={`${sellerControl} pl-7 tabular-nums`}
              />
            </WithAffix>
          </Field>
        );
      })}
    </FormDialog>
  );
}
