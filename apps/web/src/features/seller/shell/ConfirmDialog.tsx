/**
 * Asks the seller to confirm an action, with the fields it needs (an
 * amount, a note), and shows the server's answer if it refuses. Built on
 * the site's modal: focus stays inside, and only its buttons close it, so a
 * stray click never confirms or loses what was typed. While the request
 * runs both buttons are disabled: one confirmation, one request.
 */
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Spinner } from '../../../components/Spinner';
import { Modal } from '../../../components/Modal';
import { sellerButton } from './styles';

interface ConfirmDialogProps {
  title: string;
  /** What will happen, in a sentence or two. */
  description: ReactNode;
  confirmLabel: string;
  /** Danger for what cannot be undone (a refund, a cancellation). */
  tone?: 'default' | 'danger';
  busy: boolean;
  /** The server's refusal, shown above the buttons. */
  problem?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** The form's fields. */
  children?: ReactNode;
}

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  tone = 'default',
  busy,
  problem,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <Modal
      titleId={titleId}
      descriptionId={descriptionId}
      initialFocusRef={headingRef}
      onForcedClose={onCancel}
    >
      <form onSubmit={submit} className="flex flex-col gap-4 p-5 sm:p-6">
        <h2
          ref={headingRef}
          id={titleId}
          tabIndex={-1}
          className="text-lg font-semibold text-navy-950 outline-none"
        >
          {title}
        </h2>
        <div id={descriptionId} className="text-sm text-slate-700">
          {description}
        </div>
        {children}
        {problem && (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
          >
            {problem}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            className={sellerButton.secondary}
            onClick={onCancel}
            disabled={busy}
          >
            Cancel
          </button>
          <button
            type="submit"
            className={tone === 'danger' ? sellerButton.danger : sellerButton.primary}
            disabled={busy}
          >
            {busy && <Spinner className="size-4" />}
            {confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A labelled field inside a dialog. */
export function DialogField({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-navy-900">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
