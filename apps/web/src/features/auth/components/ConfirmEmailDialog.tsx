import { useId, useRef, useState, type FormEvent } from 'react';
import { buttonStyles } from '../../../components/button-styles';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { showLongError } from '../../../lib/toasts';
import { completeSignInWithLink } from '../api/email-link';
import { useEmailField } from '../hooks/use-email-field';
import { signInErrorMessage, signInMessages } from '../sign-in-errors';
import { SpentLinkOffer } from './SpentLinkOffer';

export type ConfirmMode = 'confirm' | 'enter';

interface ConfirmEmailDialogProps {
  /** The sign-in link the page was opened with. */
  href: string;
  /** The address remembered when the link was requested in this browser, if any. */
  storedEmail: string | null;
  /** Called once the attempt is over, successful or not, or the dialog was dismissed. */
  onFinished: () => void;
}

/**
 * Asks the visitor to confirm (or enter) the address a sign-in link was sent
 * to, then completes the sign-in (spec section 2, "Workshop page", and
 * section 4, "Sign-in", steps 2 to 5).
 */
export function ConfirmEmailDialog({ href, storedEmail, onFinished }: ConfirmEmailDialogProps) {
  const [mode, setMode] = useState<ConfirmMode>(storedEmail ? 'confirm' : 'enter');
  const { email, change, error: fieldError, inputRef, validate } = useEmailField(storedEmail ?? '');
  const [working, setWorking] = useState(false);
  /** The address a used or expired link was confirmed for: offered a new link. */
  const [spentFor, setSpentFor] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const ids = {
    title: useId(),
    description: useId(),
    input: useId(),
  };

  const enterDifferentEmail = () => {
    setMode('enter');
    change('');
    inputRef.current?.focus();
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (working) return;
    setWorking(true);
    const valid = await validate();
    if (!valid) {
      setWorking(false);
      return;
    }
    try {
      await completeSignInWithLink(valid, href);
    } catch (error) {
      const message = signInErrorMessage(error);
      showLongError(message);
      // Used or expired: a new link to the same address is one click away, here.
      if (message === signInMessages.invalidLink) {
        setWorking(false);
        setSpentFor(valid);
        return;
      }
    }
    // Either way the link is spent: close, so a failed visitor can go to
    // /login for a new one.
    onFinished();
  };

  return (
    <Dialog
      titleId={ids.title}
      descriptionId={ids.description}
      initialFocusRef={storedEmail ? confirmRef : inputRef}
      onForcedClose={onFinished}
      onEscape={spentFor ? onFinished : undefined}
      look="buyer"
    >
      {spentFor ? (
        <SpentLinkOffer
          email={spentFor}
          titleId={ids.title}
          descriptionId={ids.description}
          onClose={onFinished}
        />
      ) : (
        <form onSubmit={confirm} className="flex flex-col gap-5 p-6 sm:p-8" aria-busy={working}>
          <div className="flex flex-col gap-2">
            <h2 id={ids.title} className="text-xl font-semibold text-balance text-navy-950">
              Please confirm your email address to continue
            </h2>
            <p id={ids.description} className="text-sm text-slate-600">
              {mode === 'confirm'
                ? 'For your security, confirm that this is the address the sign-in link was sent to.'
                : 'Enter the email address the sign-in link was sent to.'}
            </p>
          </div>

          <TextField
            look="buyer"
            ref={inputRef}
            id={ids.input}
            label="Email address"
            name="email"
            type="email"
            autoComplete="email"
            required
            readOnly={mode === 'confirm'}
            value={email}
            onChange={(event) => change(event.target.value)}
            error={fieldError ?? undefined}
          />

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={enterDifferentEmail}
              disabled={working}
              className={buttonStyles.secondary}
            >
              Enter Different Email
            </button>
            <button
              ref={confirmRef}
              type="submit"
              disabled={working}
              className={buttonStyles.solid}
            >
              {working && <Spinner className="size-4" />}
              {working ? 'Confirming...' : 'Confirm Email'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
