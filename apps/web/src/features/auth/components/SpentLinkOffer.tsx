import { useEffect, useRef } from 'react';
import { buttonStyles } from '../../../components/button-styles';
import { Spinner } from '../../../components/Spinner';
import { useLinkRequest } from '../hooks/use-link-request';

interface SpentLinkOfferProps {
  /** The address the visitor confirmed for the spent link. */
  email: string;
  titleId: string;
  descriptionId: string;
  onClose: () => void;
}

/**
 * What a used or expired sign-in link leads to, in the confirm dialog: a new
 * link to the same address in one click, then where it went. Nothing was
 * signed in, so the visitor has lost nothing but the old link.
 */
export function SpentLinkOffer({ email, titleId, descriptionId, onClose }: SpentLinkOfferProps) {
  const { send, sending, sentTo, wait } = useLinkRequest();
  const sendRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // The dialog's content changed under the visitor's focus: put it on the next step.
  useEffect(() => {
    (sentTo ? closeRef : sendRef).current?.focus();
  }, [sentTo]);

  return (
    <div className="flex flex-col gap-5 p-6 sm:p-8" aria-busy={sending}>
      <div className="flex flex-col gap-2">
        <h2 id={titleId} className="text-xl font-semibold text-balance text-navy-950">
          {sentTo ? 'A new sign-in link is on its way' : 'This sign-in link can no longer be used'}
        </h2>
        <p id={descriptionId} className="text-sm text-slate-700" aria-live="polite">
          {sentTo ? (
            <>
              Please check your email for the sign-in link. Sent to{' '}
              <span className="font-medium wrap-anywhere text-navy-950">{sentTo}</span>
            </>
          ) : (
            <>
              It was used already or has expired. We can send a new one to{' '}
              <span className="font-medium wrap-anywhere text-navy-950">{email}</span>.
            </>
          )}
        </p>
        {wait && <p className="text-sm text-slate-600">{wait}</p>}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          className={sentTo ? buttonStyles.solid : buttonStyles.secondary}
        >
          Close
        </button>
        {!sentTo && (
          <button
            ref={sendRef}
            type="button"
            onClick={() => void send(email)}
            disabled={sending}
            className={buttonStyles.solid}
          >
            {sending && <Spinner className="size-4" />}
            Send a new link
          </button>
        )}
      </div>
    </div>
  );
}
