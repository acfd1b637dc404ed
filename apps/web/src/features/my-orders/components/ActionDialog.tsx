/**
 * Asks before a buyer's action on their order: a question, what follows,
 * and one button that acts. While the request runs nothing else can be
 * pressed; a refusal shows in the dialog, which stays open.
 */
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { buttonStyles } from '../../../components/button-styles';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { myOrdersTexts as texts } from '../texts';

export function ActionDialog({
  title,
  description,
  confirmLabel,
  dismissLabel = texts.dialogs.keep,
  busy,
  problem,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting; "Keep the order" unless the action is smaller. */
  dismissLabel?: string;
  busy: boolean;
  problem: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const close = () => {
    if (!busy) onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <Dialog
      titleId={titleId}
      descriptionId={descriptionId}
      initialFocusRef={titleRef}
      onEscape={close}
      onForcedClose={onClose}
      look="buyer"
    >
      {/* Fields are checked by the contract's schemas, with our words, not the browser's. */}
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-5 p-6 sm:p-8"
        aria-busy={busy}
      >
        <div className="flex flex-col gap-2">
          <h2
            ref={titleRef}
            id={titleId}
            tabIndex={-1}
            className="text-xl font-semibold text-balance text-navy-950 outline-none"
          >
            {title}
          </h2>
          <div id={descriptionId} className="text-sm text-pretty text-slate-700">
            {description}
          </div>
        </div>
        {children}
        {problem && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {problem}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={buttonStyles.secondary} onClick={close} disabled={busy}>
            {dismissLabel}
          </button>
          <button type="submit" className={buttonStyles.solid} disabled={busy}>
            {busy && <Spinner className="size-4" />}
            {busy ? texts.dialogs.working : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
