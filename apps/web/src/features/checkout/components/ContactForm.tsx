import { GSTIN_EXAMPLE, INDIAN_STATES } from '@wifi7/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { buttonStyles } from '../../../components/button-styles';
import { Spinner } from '../../../components/Spinner';
import { checkoutTexts } from '../texts';
import { CompanyDetails, NameFields } from './FormParts';
import { Field, SelectChevron, TextField } from '../../../components/Field';
import { Notice } from './Notice';
import { controlStyles, fieldAria, selectStyles } from '../../../components/field-aria';
import { contactResolver, type ContactFormValues } from '../lib/contact-request';

interface ContactFormProps {
  email: string;
  /** Why the last submission failed, shown next to the buttons. */
  submitError: string | null;
  onSubmit: (values: ContactFormValues) => Promise<void>;
  onCancel: () => void;
}

/**
 * The India contact form (spec sections 2 and 5): First Name, Last Name,
 * City, State and ZIP Code are required, Address is optional, and an error
 * clears as soon as its field is edited. A GST-registered buyer may add the
 * company and its GSTIN, in a section that starts closed.
 */
export function ContactForm({ email, submitError, onSubmit, onCancel }: ContactFormProps) {
  const id = useId();
  const fieldId = (name: keyof ContactFormValues | 'email') => `${id}-${name}`;
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({
    resolver: contactResolver(email),
    // Errors are checked on submit and cleared by editing (not re-checked per key).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: {
      firstName: '',
      lastName: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      company: '',
      gstin: '',
    },
  });

  // Editing a field clears its error (spec section 5).
  const registered = (name: keyof ContactFormValues) =>
    register(name, { onChange: () => clearErrors(name) });
  const text = (name: keyof ContactFormValues) => ({
    id: fieldId(name),
    error: errors[name]?.message,
    ...registered(name),
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-busy={isSubmitting || undefined}
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-slate-600">All fields are required unless marked optional.</p>

      <TextField
        look="buyer"
        id={fieldId('email')}
        label="Email"
        hint="The address you signed in with."
        type="email"
        value={email}
        readOnly
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <NameFields first={text('firstName')} last={text('lastName')} />
      </div>

      <Field id={fieldId('address')} label="Address" optional error={errors.address?.message}>
        <textarea
          rows={3}
          autoComplete="street-address"
          {...fieldAria(fieldId('address'), true, errors.address?.message)}
          className={controlStyles.buyer}
          {...registered('address')}
        />
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          look="buyer"
          label="City"
          autoComplete="address-level2"
          required
          {...text('city')}
        />
        <Field id={fieldId('state')} label="State" error={errors.state?.message}>
          <SelectChevron>
            <select
              autoComplete="address-level1"
              aria-required="true"
              {...fieldAria(fieldId('state'), false, errors.state?.message)}
              className={selectStyles}
              {...registered('state')}
            >
              <option value="">Select state</option>
              {INDIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          </SelectChevron>
        </Field>
      </div>

      <TextField
        look="buyer"
        label="ZIP Code"
        hint="Your 6-digit PIN code."
        inputMode="numeric"
        autoComplete="postal-code"
        required
        className="sm:max-w-[calc(50%-0.625rem)]"
        {...text('zip')}
      />

      <CompanyDetails
        description="Add your GSTIN to be billed as a GST-registered business."
        forceOpen={Boolean(errors.company || errors.gstin)}
        company={text('company')}
      >
        <TextField
          look="buyer"
          label="GSTIN"
          hint={`Optional. 15 characters, e.g. ${GSTIN_EXAMPLE}.`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="[&_input]:uppercase"
          {...text('gstin')}
        />
      </CompanyDetails>

      {submitError && (
        <Notice tone="error" role="alert">
          {submitError}
        </Notice>
      )}

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onCancel}
          disabled={isSubmitting}
          className={buttonStyles.secondary}
        >
          {checkoutTexts.contact.cancel}
        </button>
        <button type="submit" disabled={isSubmitting} className={buttonStyles.solid}>
          {isSubmitting && <Spinner className="size-5" />}
          {checkoutTexts.contact.submit}
        </button>
      </div>
    </form>
  );
}
