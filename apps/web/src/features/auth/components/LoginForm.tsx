import { useId, type FormEvent } from 'react';
import { buttonStyles } from '../../../components/button-styles';
import { TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { useHydrated } from '../../../lib/use-after-hydration';
import { prepareSignIn } from '../api/email-link';
import { useEmailField } from '../hooks/use-email-field';
import { useLinkRequest } from '../hooks/use-link-request';

/**
 * E-mail entry that sends the sign-in link (spec section 2, "Login page").
 * The address is trimmed and lower-cased before it is sent or stored.
 */
export function LoginForm() {
  const { email, setEmail, change, error: fieldError, inputRef, validate } = useEmailField();
  const { send, sending, sentTo, wait } = useLinkRequest();
  const inputId = useId();
  // Typing into the prerendered page before the app runs would be lost.
  const hydrated = useHydrated();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const valid = await validate();
    if (!valid) return;
    const sent = await send(valid);
    if (sent) setEmail(sent);
  };

  return (
    <div>
      <form
        onSubmit={submit}
        onFocus={prepareSignIn}
        className="flex flex-col gap-4"
        aria-busy={sending}
      >
        <TextField
          look="buyer"
          ref={inputRef}
          id={inputId}
          label="Please enter your email address"
          hint="Tip: use your personal email address. Your course access is tied to it, so it should stay yours even if you change jobs."
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          placeholder="you@example.com"
          value={email}
          readOnly={!hydrated}
          // Read-only only until the app runs: it keeps the look of a field to type in.
          className={hydrated ? undefined : '[&_input]:bg-white! [&_input]:text-navy-950!'}
          onChange={(event) => change(event.target.value)}
          error={fieldError ?? undefined}
        />
        <button type="submit" disabled={sending} className={`${buttonStyles.solid} w-full`}>
          {sending && <Spinner className="size-4" />}
          {sentTo ? 'Resend Sign-in Link' : 'Login'}
        </button>
        {wait && (
          <p className="text-center text-sm text-slate-600" aria-live="polite">
            {wait}
          </p>
        )}
      </form>

      <div role="status" aria-live="polite">
        {sentTo && (
          <div className="mt-6 rounded-xl border border-sky-200 bg-sky-50 p-5 text-navy-900">
            <p className="font-semibold">Please check your email for the sign-in link.</p>
            <p className="mt-1 text-sm wrap-anywhere text-slate-700">
              Sent to <span className="font-medium text-navy-950">{sentTo}</span>
            </p>
            <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
              <li>The email may take up to 30 seconds to arrive.</li>
              <li>If clicking the link does not work, copy it and paste it into your browser.</li>
              <li>Can&apos;t find it? Check your spam or junk folder.</li>
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
