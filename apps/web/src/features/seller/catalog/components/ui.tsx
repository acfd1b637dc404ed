/**
 * Small building blocks of the catalog pages: cards, badges, labelled
 * fields, dialogs and the loading and failure states, in the site's look
 * (navy on slate, sky for focus and accents).
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { PageSpinner, Spinner } from '../../../../components/Spinner';
import { failureMessage } from '../api/seller-request';
import { dialogBodyClass, dialogFooterClass, smallButton } from './styles';

export function Card({
  children,
  className = '',
  as: Tag = 'div',
  labelledBy,
}: {
  children: ReactNode;
  className?: string;
  as?: 'div' | 'section' | 'article' | 'li';
  labelledBy?: string;
}) {
  return (
    <Tag
      aria-labelledby={labelledBy}
      className={`rounded-xl bg-white shadow-xs ring-1 ring-slate-200 ${className}`}
    >
      {children}
    </Tag>
  );
}

const badgeTones = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/25',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  sky: 'bg-sky-50 text-sky-900 ring-sky-600/20',
} as const;
export type BadgeTone = keyof typeof badgeTones;

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${badgeTones[tone]}`}
    >
      {children}
    </span>
  );
}

const noticeTones = {
  info: 'border-sky-200 bg-sky-50 text-navy-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-950',
  error: 'border-red-200 bg-red-50 text-red-800',
} as const;

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
    <div role={role} className={`rounded-lg border px-4 py-3 text-sm ${noticeTones[tone]}`}>
      {children}
    </div>
  );
}

/** A label, the control (which spreads `fieldAria(id, …)`), a hint and an error. */
export function Field({
  id,
  label,
  hint,
  error,
  className = '',
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-navy-900">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A modal dialog for a task: opened while mounted, closed by its close
 * button or Escape (which call `onClose`). Native <dialog>: the page behind
 * is inert and focus stays inside; it goes back where it was on closing.
 */
export function Dialog({
  title,
  description,
  onClose,
  wide = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  wide?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] overflow-hidden rounded-2xl bg-white p-0 text-navy-950 shadow-2xl backdrop:bg-navy-950/60 ${wide ? 'max-w-3xl' : 'max-w-lg'}`}
    >
      <div className="flex max-h-[calc(100dvh-1.5rem)] flex-col">
        <header className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-navy-950">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-0.5 text-sm text-slate-600">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={onClose}
            className="-mr-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-navy-950"
          >
            <span className="sr-only">Close</span>
            <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
              <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}

/** Asks before an action that changes what buyers see; shows the refusal if there is one. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Resolves when done (the dialog then closes); a refusal is shown in the dialog. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setFailure(failureMessage(error));
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <div className={`${dialogBodyClass} flex flex-col gap-3 text-sm text-slate-700`}>
        {children}
        {failure && (
          <Notice tone="error" role="alert">
            {failure}
          </Notice>
        )}
      </div>
      <div className={dialogFooterClass}>
        <button type="button" className={smallButton.secondary} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={danger ? smallButton.danger : smallButton.solid}
          disabled={busy}
          onClick={() => void confirm()}
        >
          {busy && <Spinner className="size-4" />}
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/** The page's list while it loads, or why it could not, with a retry. */
export function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Notice tone="error" role="alert">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{message}</span>
        <button type="button" className={smallButton.secondary} onClick={onRetry}>
          Try again
        </button>
      </div>
    </Notice>
  );
}

export function Loading({ label }: { label: string }) {
  return <PageSpinner label={label} />;
}
