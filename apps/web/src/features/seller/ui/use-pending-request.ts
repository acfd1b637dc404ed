import { useState } from 'react';
import { failureText } from '../../../lib/failure-text';

/**
 * The state of a request a dialog sends: whether it runs, and the refusal
 * to show (in words from `describe`). On success the owner usually closes
 * the dialog, so `busy` stays set until then: no second click slips in.
 */
export function usePendingRequest(describe: (error: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (request: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await request();
    } catch (error) {
      setProblem(describe(error));
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, run };
}

/**
 * The same state from a dialog's mutation: busy while it runs and after it
 * succeeds (the owner then closes the dialog: no second request slips in),
 * and its refusal in words.
 */
export function mutationDialogState(mutation: {
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
}) {
  return {
    busy: mutation.isPending || mutation.isSuccess,
    problem: mutation.error ? failureText(mutation.error) : null,
  };
}
