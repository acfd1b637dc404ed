import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

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

interface ModalProps {
  /** Id of the element that names the dialog (its heading). */
  titleId: string;
  /** Id of the element that describes the dialog, if any. */
  descriptionId?: string;
  /** Element to focus when the dialog opens; otherwise the browser picks the first. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * Called if the browser closes the dialog on its own. The dialog ignores a
   * first Escape, but browsers close a modal anyway when Escape is pressed
   * again without other interaction; the owner must then leave the state
   * that showed it.
   */
  onForcedClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog that the visitor cannot dismiss by clicking outside or by
 * Escape: it is shown while mounted. Built on the native <dialog> opened with
 * showModal(), which makes the rest of the page inert (focus stays inside),
 * puts it in the top layer and gives it the dialog role.
 */
export function Modal({
  titleId,
  descriptionId,
  initialFocusRef,
  onForcedClose,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closingOnPurpose = useRef(false);
  const onForcedCloseRef = useRef(onForcedClose);

  useEffect(() => {
    onForcedCloseRef.current = onForcedClose;
  }, [onForcedClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    closingOnPurpose.current = false;
    if (!dialog.open) dialog.showModal();
    initialFocusRef?.current?.focus();
    return () => {
      closingOnPurpose.current = true;
      dialog.close();
    };
  }, [initialFocusRef]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => event.preventDefault()}
      onKeyDown={wrapFocus}
      onClose={() => {
        if (!closingOnPurpose.current) onForcedCloseRef.current();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-navy-950 shadow-2xl backdrop:bg-navy-950/70 backdrop:backdrop-blur-sm"
    >
      {children}
    </dialog>
  );
}
