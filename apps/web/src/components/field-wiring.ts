import type { ReactNode } from 'react';
import {
  get,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { fieldAria } from './field-aria';

/** The message of a field's error (some forms read a list's errors from its lines). */
type MessageOf = (error: unknown) => string | undefined;
const ownMessage: MessageOf = (error) => (error as { message?: string } | undefined)?.message;

/**
 * How a react-hook-form field meets the page: its id (the prefix and its
 * path, "instructor-photo-alt"), its error's message, its registration.
 */
function wiring<T extends FieldValues>(
  idPrefix: string,
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  messageOf: MessageOf,
) {
  return (name: Path<T>) => ({
    id: `${idPrefix}-${name.replaceAll('.', '-')}`,
    error: messageOf(get(errors, name)),
    registration: register(name),
  });
}

/**
 * Ties a react-hook-form field to a `Field` frame around a control of its
 * own: `wire(name, label, hint)` gives the frame's props (id, label, hint,
 * the field's error) and the control's (the registration and its ARIA).
 */
export function fieldWiring<T extends FieldValues>(
  idPrefix: string,
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
) {
  const of = wiring(idPrefix, register, errors, ownMessage);
  return (name: Path<T>, label: ReactNode, hint?: ReactNode) => {
    const { id, error, registration } = of(name);
    return {
      frame: { id, label, hint, error },
      control: { ...registration, ...fieldAria(id, Boolean(hint), error) },
    };
  };
}

/**
 * The same for a `TextField` or `TextAreaField`, which tie their control
 * themselves: `field(name)` gives its id, error and registration to spread.
 */
export function textFieldWiring<T extends FieldValues>(
  idPrefix: string,
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  messageOf: MessageOf = ownMessage,
) {
  const of = wiring(idPrefix, register, errors, messageOf);
  return (name: Path<T>) => {
    const { id, error, registration } = of(name);
    return { id, error, ...registration };
  };
}
