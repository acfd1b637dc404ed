import type { UseMutationResult } from '@tanstack/react-query';
import { failureText } from '../../../lib/failure-text';
import { toast } from '../../../lib/toasts';

/**
 * A dialog's request through its mutation. `send` sends it; on success the
 * answer is a toast in the words of `said` (shown `duration` ms, if given)
 * and `onDone` closes the dialog. The dialog is busy while the request runs
 * and after it succeeded, until it closes (no second request slips in), and
 * shows the refusal in words.
 */
export function dialogMutation<Answer, Variables>(
  mutation: UseMutationResult<Answer, Error, Variables>,
  onDone: (answer: Answer) => void,
) {
  const send = (variables: Variables, said: (answer: Answer) => string, duration?: number) =>
    mutation.mutate(variables, {
      onSuccess: (answer) => {
        toast.success(said(answer), duration === undefined ? undefined : { duration });
        onDone(answer);
      },
    });
  return {
    busy: mutation.isPending || mutation.isSuccess,
    problem: mutation.error ? failureText(mutation.error) : null,
    send,
  };
}
