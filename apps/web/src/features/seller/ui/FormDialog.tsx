/**
 * The back office's dialogs, on the site's one `Dialog`: `FormDialog` is a
 * task in a form with a title, Cancel and a submit button; `ConfirmDialog`
 * asks before an action, with the fields it needs (an amount, a note).
 *
 * Escape and the close button call `onClose`. While a request runs the
 * dialog cannot be closed and its buttons are disabled: one confirmation,
 * one request.
 */
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { Notice } from './Panel';
import { sellerButton } from './styles';

interface FrameProps {
  title: string;
  /** Under the title; also the dialog's accessible description. */
  description?: ReactNode;
  onClose: () => void;
  /** Closing is refused (a request is running). */
  locked?: boolean;
  wide?: boolean;
  /** Focus the title on opening (a question), rather than the first control (a form). */
  focusTitle?: boolean;
  children: ReactNode;
}

/** The back office's dialog frame: the title, its description and a close button above the body. */
function Frame({
  title,
  description,
  onClose,
  locked = false,
  wide = false,
  focusTitle = false,
  children,
}: FrameProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const close = () => {
    if (!locked) onClose();
  };

  return (
    <Dialog
      titleId={titleId}
      descriptionId={description ? descriptionId : undefined}
      initialFocusRef={focusTitle ? titleRef : undefined}
      onEscape={close}
      onForcedClose={onClose}
      look="backOffice"
      className={`max-h-[calc(100dvh-1.5rem)] overflow-hidden ${wide ? 'max-w-3xl' : 'max-w-lg'}`}
    >
      <div className="flex max-h-[calc(100dvh-1.5rem)] flex-col">
        <header className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <h2
              ref={titleRef}
              id={titleId}
              tabIndex={focusTitle ? -1 : undefined}
              className="text-lg font-semibold text-navy-950 outline-none"
            >
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-0.5 text-sm text-slate-600">
                {description}
              </div>
            )}
          </div>
          <button
            type="button"
            onClick={close}
            disabled={locked}
            className="-mr-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-navy-950 disabled:opacity-50"
          >
            <span className="sr-only">Close</span>
            <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
              <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        </header>
        {children}
      </div>
    </Dialog>
  );
}

export interface FormDialogProps extends Omit<FrameProps, 'locked' | 'children'> {
  submitLabel: string;
  /** Danger for what cannot be undone (a refund, a cancellation). */
  tone?: 'default' | 'danger';
  /** A request is running. */
  busy: boolean;
  /** The server's refusal, shown above the buttons. */
  problem?: string | null;
  /** Called when not busy; what it returns (a promise of react-hook-form's submission) is let go. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** Classes of the scrolling body (its layout: a column, a grid). */
  bodyClassName?: string;
  children: ReactNode;
}

/** A task in a dialog: a form whose fields scroll between the title and the buttons. */
export function FormDialog({
  submitLabel,
  tone = 'default',
  busy,
  problem,
  onSubmit,
  bodyClassName = 'flex flex-col gap-4',
  children,
  ...dialog
}: FormDialogProps) {
  return (
    <Frame {...dialog} locked={busy}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void onSubmit(event);
        }}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div className={`min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6 ${bodyClassName}`}>
          {children}
        </div>
        <div className="flex flex-col gap-3 border-t border-slate-200 bg-slate-50 px-5 py-4 sm:px-6">
          {problem && (
            <Notice tone="error" role="alert">
              {problem}
            </Notice>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
            <button
              type="button"
              className={sellerButton.secondary}
              onClick={dialog.onClose}
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
              {submitLabel}
            </button>
          </div>
        </div>
      </form>
    </Frame>
  );
}

/** Asks before an action; the title has focus, so the question is read first. */
export function ConfirmDialog({
  confirmLabel,
  onConfirm,
  ...dialog
}: Omit<FormDialogProps, 'submitLabel' | 'onSubmit' | 'focusTitle' | 'children'> & {
  confirmLabel: string;
  onConfirm: () => unknown;
  /** The fields the action needs, if any. */
  children?: ReactNode;
}) {
  return (
    <FormDialog
      {...dialog}
      focusTitle
      submitLabel={confirmLabel}
      onSubmit={onConfirm}
      bodyClassName="flex flex-col gap-3 text-sm text-slate-700"
    >
      {dialog.children}
    </FormDialog>
  );
}
