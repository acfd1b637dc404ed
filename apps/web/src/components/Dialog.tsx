/**
 * The one modal dialog of the site, for the buyer's pages and the back
 * office alike. Built on the native <dialog> opened with showModal(): the
 * page behind is inert, it sits in the top layer and has the dialog role.
 * It is shown while mounted; focus moves in on opening (to `initialFocusRef`,
 * or the browser's first control) and back to the opener on closing. A
 * click outside does nothing, so nothing typed is lost.
 */
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab cycling inside the dialog. A native modal already
 * makes the page behind it inert, but lets focus wander off to the browser's
 * own controls; wrapping keeps keyboard users on the task.
 */
function wrapFocus(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The buyer's pages have a roomy dialog on a blurred page; the back office a plainer one. */
const looks = {
  buyer: 'w-[calc(100%-2rem)] max-w-md backdrop:bg-navy-950/70 backdrop:backdrop-blur-sm',
  backOffice: 'w-[calc(100%-1.5rem)] backdrop:bg-navy-950/60',
} as const;

export interface DialogProps {
  /** Id of the element that names the dialog (its heading). */
  titleId: string;
  /** Id of the element that describes the dialog, if any. */
  descriptionId?: string | undefined;
  /** Element to focus when the dialog opens; otherwise the browser picks the first control. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Escape asks to close. Without it Escape does nothing: only the dialog's own buttons end it. */
  onEscape?: () => void;
  /**
   * Called if the browser closes the dialog on its own: browsers close a
   * modal anyway when Escape is pressed again without other interaction.
   * The owner must then leave the state that showed it.
   */
  onForcedClose: () => void;
  look: keyof typeof looks;
  /** More classes (a width, a height). */
  className?: string;
  children: ReactNode;
}

export function Dialog({
  titleId,
  descriptionId,
  initialFocusRef,
  onEscape,
  onForcedClose,
  look,
  className = '',
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closingOnPurpose = useRef(false);
  const onForcedCloseRef = useRef(onForcedClose);
  useLayoutEffect(() => {
    onForcedCloseRef.current = onForcedClose;
  }, [onForcedClose]);

  // A layout effect: the opener still has focus when it runs.
  useLayoutEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    closingOnPurpose.current = false;
    if (dialog && !dialog.open) dialog.showModal();
    initialFocusRef?.current?.focus();
    return () => {
      closingOnPurpose.current = true;
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocusRef]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        onEscape?.();
      }}
      onKeyDown={wrapFocus}
      onClose={() => {
        if (!closingOnPurpose.current) onForcedCloseRef.current();
      }}
      className={`m-auto rounded-2xl bg-white p-0 text-navy-950 shadow-2xl ${looks[look]} ${className}`}
    >
      {children}
    </dialog>
  );
}
