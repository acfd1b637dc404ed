/**
 * The page-content forms' labelled controls: a label, the control, a hint
 * and an error, tied together for screen readers (`aria-describedby`).
 */
import type { ComponentPropsWithRef, ReactNode } from 'react';

export const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-navy-950 ' +
  'shadow-xs placeholder:text-slate-400 focus-visible:border-sky-600 focus-visible:outline-3 ' +
  'focus-visible:outline-offset-0 focus-visible:outline-sky-500/40 sm:text-sm ' +
  'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-500/30';

interface FieldFrameProps {
  id: string;
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}

const hintId = (id: string) => `${id}-hint`;
const errorId = (id: string) => `${id}-error`;

/** What ties a control to its frame: its id, whether it is invalid, its hint and error. */
function controlAria(id: string, hint: boolean, error: string | undefined) {
  const describedBy = [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
  } as const;
}

function FieldFrame({
  id,
  label,
  optional,
  hint,
  error,
  className = '',
  children,
}: FieldFrameProps) {
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

type FrameProps = Omit<FieldFrameProps, 'children'>;

export function TextField({
  id,
  label,
  optional,
  hint,
  error,
  className,
  ...input
}: FrameProps & Omit<ComponentPropsWithRef<'input'>, 'id' | 'className'>) {
  return (
    <FieldFrame {...{ id, label, optional, hint, error, className }}>
      <input
        type="text"
        {...input}
        {...controlAria(id, Boolean(hint), error)}
        aria-required={!optional || undefined}
        className={controlClass}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  id,
  label,
  optional,
  hint,
  error,
  className,
  ...textarea
}: FrameProps & Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'className'>) {
  return (
    <FieldFrame {...{ id, label, optional, hint, error, className }}>
      <textarea
        rows={4}
        {...textarea}
        {...controlAria(id, Boolean(hint), error)}
        aria-required={!optional || undefined}
        className={`${controlClass} resize-y leading-relaxed`}
      />
    </FieldFrame>
  );
}
