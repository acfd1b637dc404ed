/**
 * The one form field of the site, for the buyer's pages and the back office
 * alike: a label, the control, a hint and an error, tied together for
 * screen readers (`aria-describedby`, `aria-invalid`). `Field` frames any
 * control that spreads `fieldAria(id, …)`; `TextField` and `TextAreaField`
 * are the common cases, ready to take react-hook-form's `register(…)`.
 */
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { ChevronDown } from './ChevronDown';
import { controlStyles, errorId, fieldAria, hintId, type ControlLook } from './field-aria';

export interface FieldProps {
  id: string;
  label: ReactNode;
  /**
   * Says "Optional" beside the label, outside it, so the field's name stays
   * `label`; without a hint it is the control's description.
   */
  optional?: boolean | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
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
        {optional && (
          <span id={hint ? undefined : hintId(id)} className="text-xs text-slate-500">
            Optional
          </span>
        )}
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

/** Wrap a select styled with `selectStyles` in this to give it its chevron. */
export function SelectChevron({ children }: { children: ReactNode }) {
  return (
    <div className="relative">
      {children}
      <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-500" />
    </div>
  );
}

interface ControlFieldProps extends FieldProps {
  look: ControlLook;
  /** Marked for assistive technology; the form's schema does the checking. */
  required?: boolean | undefined;
}

/** Splits a field's props: those of its frame, and its control's, tied to the frame. */
function framed<P extends ControlFieldProps>({
  id,
  label,
  optional,
  hint,
  error,
  className,
  look,
  required,
  ...rest
}: P) {
  return {
    frame: { id, label, optional, hint, error, className },
    control: {
      ...rest,
      ...fieldAria(id, Boolean(hint) || Boolean(optional), error),
      'aria-required': required || undefined,
    },
    controlClass: controlStyles[look],
  };
}

/** A text input in its `Field`; the rest of the props (a registration) go to the input. */
export function TextField(
  props: ControlFieldProps & Omit<ComponentPropsWithRef<'input'>, 'id' | 'className' | 'required'>,
) {
  const { frame, control, controlClass } = framed(props);
  return (
    <Field {...frame}>
      <input type="text" {...control} className={controlClass} />
    </Field>
  );
}

/** A text area in its `Field`. */
export function TextAreaField(
  props: ControlFieldProps &
    Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'className' | 'required'>,
) {
  const { frame, control, controlClass } = framed(props);
  return (
    <Field {...frame}>
      <textarea rows={4} {...control} className={`${controlClass} resize-y leading-relaxed`} />
    </Field>
  );
}
