/**
 * The foot of a back-office settings form (the buyer policy, company
 * purchases): why the last save failed, whether anything is unsaved, and
 * Discard and Save. One way for every settings page to end.
 */
import { Spinner } from '../../../components/Spinner';
import { failureText } from '../../../lib/failure-text';
import { Notice } from './Panel';
import { sellerButton } from './styles';

interface SaveBarProps {
  /** The last save's error, if it failed. */
  error: unknown;
  /** The error notice's title, e.g. "The policy was not saved". */
  errorTitle: string;
  dirty: boolean;
  busy: boolean;
  onDiscard: () => void;
  saveLabel: string;
}

export function SaveBar({ error, errorTitle, dirty, busy, onDiscard, saveLabel }: SaveBarProps) {
  return (
    <>
      {error ? (
        <Notice tone="error" role="alert" title={errorTitle}>
          {failureText(error)}
        </Notice>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-sm text-slate-600 sm:mr-auto" aria-live="polite">
          {dirty ? 'Unsaved changes' : 'No unsaved changes'}
        </p>
        <button
          type="button"
          className={sellerButton.secondary}
          disabled={!dirty || busy}
          onClick={onDiscard}
        >
          Discard changes
        </button>
        <button type="submit" className={sellerButton.primary} disabled={busy}>
          {busy && <Spinner className="size-4" />}
          {saveLabel}
        </button>
      </div>
    </>
  );
}
