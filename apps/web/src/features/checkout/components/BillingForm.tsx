import { zodResolver } from '@hookform/resolvers/zod';
import {
  billingInformationSchema,
  TAX_ID_MAX,
  type BillingInformation,
  type BillingInformationInput,
} from '@wifi7/contract';
import { useEffect, useId, type ChangeEvent } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { buttonStyles } from '../../../components/button-styles';
import { Spinner } from '../../../components/Spinner';
import type { CartBilling } from '../../cart';
import { useCountries, type Country } from '../lib/countries';
import { checkoutTexts } from '../texts';
import { withoutBlank } from '../lib/without-blank';
import { CompanyDetails, NameFields } from './FormParts';
import { Field, SelectChevron, TextField } from '../../../components/Field';
import { Notice } from './Notice';
import { controlStyles, fieldAria, selectStyles } from '../../../components/field-aria';

interface BillingFormProps {
  /** The billing details kept in the cart; the form starts from them and keeps them there. */
  stored: CartBilling;
  onChange: (billing: CartBilling) => void;
  /** The signed-in e-mail, where the invoice goes. */
  email: string;
  onPay: (billing: BillingInformation) => Promise<void>;
}

const emptyBilling: BillingInformationInput = {
  firstName: '',
  lastName: '',
  country: '',
  state: '',
  city: '',
  zipcode: '',
  isoCode: '',
};

/** The company fields: left out of the cart and the request while blank. */
const COMPANY_FIELDS = ['company', 'taxId'] as const;

/**
 * "Registration & Billing Information" (spec sections 2 and 5): First Name,
 * Last Name, Country and Zipcode are required, State and City optional, and
 * changing the country clears them. Validated with the contract's schema, so
 * the browser refuses exactly what the server would. A company buyer may
 * add the company and its VAT / tax id for the invoice, in a section that
 * starts closed.
 */
export function BillingForm({ stored, onChange, email, onPay }: BillingFormProps) {
  const id = useId();
  const countries = useCountries();
  const {
    register,
    handleSubmit,
    setValue,
    subscribe,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<BillingInformationInput, unknown, BillingInformation>({
    resolver: zodResolver(billingInformationSchema),
    defaultValues: { ...emptyBilling, ...stored },
  });

  // Keep every change in the cart, so a reload or the India switch keeps it.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => onChange(withoutBlank(values, COMPANY_FIELDS)),
      }),
    [subscribe, onChange],
  );

  const isoCode = useWatch({ control, name: 'isoCode' });
  const fieldId = (name: keyof BillingInformationInput) => `${id}-${name}`;
  const countryError = errors.country?.message ?? errors.isoCode?.message;
  const text = (name: keyof BillingInformationInput) => ({
    id: fieldId(name),
    error: errors[name]?.message,
    ...register(name),
  });

  const chooseCountry = (list: Country[], code: string) => {
    const chosen = list.find((country) => country.isoCode === code);
    setValue('country', chosen?.name ?? '', { shouldValidate: isSubmitted });
    setValue('state', '');
    setValue('city', '');
  };

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void handleSubmit((values) => onPay(withoutBlank(values, COMPANY_FIELDS)))(event)
      }
      aria-busy={isSubmitting || undefined}
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-slate-600">All fields are required unless marked optional.</p>

      <div className="grid gap-5 sm:grid-cols-2">
        <NameFields first={text('firstName')} last={text('lastName')} />

        <Field
          id={fieldId('isoCode')}
          label="Country"
          error={countryError}
          className="sm:col-span-2"
        >
          {countries.status === 'ready' ? (
            <SelectChevron>
              <select
                autoComplete="country"
                aria-required="true"
                // The country's name is set from the chosen code; either error shows here.
                {...fieldAria(fieldId('isoCode'), false, countryError)}
                className={selectStyles}
                {...register('isoCode', {
                  onChange: (event: ChangeEvent<HTMLSelectElement>) =>
                    chooseCountry(countries.countries, event.target.value),
                })}
              >
                <option value="">Select country</option>
                {countries.countries.map((country) => (
                  <option key={country.isoCode} value={country.isoCode}>
                    {country.name}
                  </option>
                ))}
              </select>
            </SelectChevron>
          ) : countries.status === 'loading' ? (
            <SelectChevron>
              <select id={fieldId('isoCode')} disabled className={selectStyles}>
                <option>Loading countries…</option>
              </select>
            </SelectChevron>
          ) : (
            <Notice tone="error" role="alert">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <span>The list of countries could not be loaded.</span>
                <button
                  type="button"
                  onClick={countries.retry}
                  className="rounded font-semibold underline underline-offset-4"
                >
                  Load countries again
                </button>
              </div>
            </Notice>
          )}
        </Field>

        <StateField
          id={fieldId('state')}
          states={
            countries.status === 'ready'
              ? (countries.countries.find((country) => country.isoCode === isoCode)?.states ?? [])
              : []
          }
          disabled={!isoCode || countries.status !== 'ready'}
          error={errors.state?.message}
          registration={register('state')}
        />
        <TextField
          look="buyer"
          label="City"
          optional
          autoComplete="address-level2"
          disabled={!isoCode}
          {...text('city')}
        />
        <TextField
          look="buyer"
          label="Zipcode"
          type="tel"
          autoComplete="postal-code"
          required
          {...text('zipcode')}
        />
      </div>

      <CompanyDetails
        description="Your invoice will show the company and its VAT or tax ID."
        initiallyOpen={Boolean(stored.company || stored.taxId)}
        forceOpen={Boolean(errors.company || errors.taxId)}
        company={text('company')}
      >
        <TextField
          look="buyer"
          label="VAT / Tax ID"
          hint={`Optional. Up to ${TAX_ID_MAX} characters, e.g. DE123456789.`}
          autoComplete="off"
          spellCheck={false}
          {...text('taxId')}
        />
      </CompanyDetails>

      <div className="flex flex-col gap-3 border-t border-slate-200 pt-5">
        <button
          type="submit"
          disabled={isSubmitting}
          className={`${buttonStyles.solid} w-full py-3.5`}
        >
          {isSubmitting && <Spinner className="size-5" />}
          {checkoutTexts.billing.payByInvoice}
        </button>
        <p className="text-center text-sm text-slate-600">
          We’ll email the PayPal invoice to{' '}
          <span className="font-medium [overflow-wrap:anywhere] text-navy-950">{email}</span>. Pay
          it by card or with a PayPal account.
        </p>
      </div>
    </form>
  );
}

interface StateFieldProps {
  id: string;
  states: string[];
  /** No country chosen yet. */
  disabled: boolean;
  error: string | undefined;
  registration: UseFormRegisterReturn<'state'>;
}

/** State for the chosen country: a list when the country has states, else free text. */
function StateField({ id, states, disabled, error, registration }: StateFieldProps) {
  const common = { ...fieldAria(id, true, error), disabled, ...registration };
  return (
    <Field id={id} label="State" optional error={error}>
      {disabled || states.length > 0 ? (
        <SelectChevron>
          <select autoComplete="address-level1" className={selectStyles} {...common}>
            <option value="">{disabled ? 'Choose a country first' : 'Select state'}</option>
            {states.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </SelectChevron>
      ) : (
        <input
          type="text"
          autoComplete="address-level1"
          className={controlStyles.buyer}
          {...common}
        />
      )}
    </Field>
  );
}
