/**
 * Labelled controls: a label, the control, a hint and an error, tied
 * together for screen readers (`aria-describedby`, `aria-invalid`).
 * `Field` frames any control that spreads `fieldAria(id, …)`; `TextField`
 * and `TextAreaField` are the common cases, ready to take react-hook-form's
 * `register(…)`.
 */
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { errorId, fieldAria, hintId } from './field-aria';
import { sellerControl } from './styles';

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** Says "Optional" beside the label. */
  optional?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

export function Field({
  id,
  label,
  optional,
  hint,
  error,
  className = '',
  children,
}: FieldProps & { children: ReactNode }) {
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-navy-900">
          {label}
        </label>
        {optional && <span className="text-xs text-slate-500">Optional</span>}
      </div>
      {children}
      {hint && (
        <p id={hintId(id)} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className="flex items-start gap-1.5 text-sm text-red-700">
          <svg
            className="mt-0.5 size-4 shrink-0"
            viewBox="0 0 20 20"
            fill="currentColor"
            aria-hidden="true"
          >
            <path
              fillRule="evenodd"
              d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
              clipRule="evenodd"
            />
          </svg>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A sign inside the control's edge ("$", "%"), hidden from screen readers:
 * the label says it. Give the control room for it (`pl-7` or `pr-8`).
 */
export function WithAffix({
  text,
  side,
  children,
}: {
  text: string;
  side: 'start' | 'end';
  children: ReactNode;
}) {
  return (
    <div className="relative">
      {children}
      <span
        aria-hidden="true"
        className={`pointer-events-none absolute inset-y-0 flex items-center text-slate-500 ${side === 'start' ? 'left-3' : 'right-3'}`}
      >
        {text}
      </span>
    </div>
  );
}

/** Splits a field's props: those of its frame, and its control's, tied to the frame. */
function framed<P extends FieldProps>({ id, label, optional, hint, error, className, ...rest }: P) {
  return {
    frame: { id, label, optional, hint, error, className },
    control: {
      ...rest,
      ...fieldAria(id, Boolean(hint), error),
      'aria-required': !optional || undefined,
    },
  };
}

/** A text input; required (for screen readers) unless `optional`. */
export function TextField(
  props: FieldProps & Omit<ComponentPropsWithRef<'input'>, 'id' | 'className'>,
) {
  const { frame, control } = framed(props);
  return (
    <Field {...frame}>
      <input type="text" {...control} className={sellerControl} />
    </Field>
  );
}

/** A text area; required (for screen readers) unless `optional`. */
export function TextAreaField(
  props: FieldProps & Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'className'>,
) {
  const { frame, control } = framed(props);
  return (
    <Field {...frame}>
      <textarea rows={4} {...control} className={`${sellerControl} resize-y leading-relaxed`} />
    </Field>
  );
}
