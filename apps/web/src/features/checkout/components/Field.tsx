import type { ComponentPropsWithRef, ReactNode } from 'react';
import { controlAria, controlClass, fieldIds } from './field-ids';
import { AlertIcon } from './icons';

interface FieldProps {
  id: string;
  label: string;
  /** "Optional" is shown next to the label, outside it, so the field's name stays `label`. */
  optional?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}

/**
 * A labelled form control with its hint and error. The control is passed as
 * the child and uses `id` and `describedBy(id, …)`, so screen readers read
 * the hint and the error with the field.
 */
export function Field({ id, label, optional, hint, error, className = '', children }: FieldProps) {
  const ids = fieldIds(id);
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-navy-900">
          {label}
        </label>
        {optional && !hint && (
          <span id={ids.hint} className="text-xs text-slate-500">
            Optional
          </span>
        )}
      </div>
      {children}
      {hint && (
        <p id={ids.hint} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.error} className="flex items-start gap-1.5 text-sm text-red-700">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<FieldProps, 'children'> &
  Omit<ComponentPropsWithRef<'input'>, 'id' | 'className' | 'required'> & {
    /** Marked for assistive technology; the form's schema does the checking. */
    required?: boolean;
  };

/**
 * A text input in its `Field`, wired to the label, hint and error. The rest of
 * the props go to the input, so a react-hook-form registration spreads on it.
 */
export function TextField({
  id,
  label,
  optional,
  hint,
  error,
  className,
  required,
  ...input
}: TextFieldProps) {
  return (
    <Field
      id={id}
      label={label}
      optional={optional}
      hint={hint}
      error={error}
      className={className}
    >
      <input
        type="text"
        {...input}
        {...controlAria(id, { hint: Boolean(hint) || Boolean(optional), error })}
        aria-required={required || undefined}
        className={controlClass}
      />
    </Field>
  );
}

/** Wrap a select with `selectClass` in this to give it its chevron. */
export function SelectChevron({ children }: { children: ReactNode }) {
  return (
    <div className="relative">
      {children}
      <svg
        className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-500"
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
      >
        <path
          fillRule="evenodd"
          d="M5.2 7.2a.75.75 0 0 1 1.06.02L10 11.2l3.74-3.98a.75.75 0 1 1 1.1 1.02l-4.3 4.5a.75.75 0 0 1-1.08 0l-4.3-4.5a.75.75 0 0 1 .04-1.04Z"
          clipRule="evenodd"
        />
      </svg>
    </div>
  );
}

const noticeTones = {
  info: 'border-sky-200 bg-sky-50 text-navy-900',
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
} as const;

/** A boxed message: an error the buyer can act on, or a neutral note. */
export function Notice({
  tone = 'info',
  role,
  children,
}: {
  tone?: keyof typeof noticeTones;
  role?: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <div role={role} className={`rounded-xl border px-4 py-3 text-sm ${noticeTones[tone]}`}>
      {children}
    </div>
  );
}
