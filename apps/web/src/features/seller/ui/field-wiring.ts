import type { ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { fieldAria } from './field-aria';

/**
 * Ties a react-hook-form field to a `Field` frame: `wire(name, label, hint)`
 * gives the frame's props (id, label, hint, the field's error) and the
 * control's (the registration and its ARIA wiring), for top-level fields.
 */
export function fieldWiring<T extends FieldValues>(
  idPrefix: string,
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
) {
  return (name: Path<T>, label: ReactNode, hint?: ReactNode) => {
    const id = `${idPrefix}-${name}`;
    const error = (errors[name] as { message?: string } | undefined)?.message;
    return {
      frame: { id, label, hint, error },
      control: { ...register(name), ...fieldAria(id, Boolean(hint), error) },
    };
  };
}
