import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../components/Field';
import { fieldAria } from '../../../components/field-aria';
import { sellerControl } from './styles';

/** The note an action keeps in the audit log (or shows the buyer); "(optional)" unless required. */
export function NoteField({
  label,
  required = false,
  hint,
  error,
  registration,
}: {
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  registration: UseFormRegisterReturn<'note'>;
}) {
  const id = useId();
  return (
    <Field id={id} label={required ? label : `${label} (optional)`} hint={hint} error={error}>
      <textarea
        {...registration}
        {...fieldAria(id, Boolean(hint), error)}
        required={required}
        maxLength={500}
        rows={2}
        className={sellerControl}
      />
    </Field>
  );
}
