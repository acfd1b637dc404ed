import { signInWaitSeconds, signInWaitText } from '@wifi7/contract';
import { useEffect, useRef, useState } from 'react';
import { RequestFailedError } from '../../../lib/api-client';
import { showLongError } from '../../../lib/toasts';
import { enrollOnce } from '../api/auto-enrollment';
import { requestSignInLink } from '../api/email-link';
import { signInMessages } from '../sign-in-errors';

/**
 * Asking for a sign-in link, wherever a page offers it (the login page, a
 * spent link's dialog): where it went, and, when the site sends the links,
 * how many seconds are left before another may be asked for, counted down.
 * A refusal by the site's limits counts down the wait it names, or shows
 * the server's words; any other failure is the catalogue's toast.
 */
export function useLinkRequest() {
  const [sending, setSending] = useState(false);
  // A second click before the first answer sends nothing (state would still read false).
  const busy = useRef(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const tick = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(tick);
  }, [secondsLeft]);

  /** Sends a link to the (checked) address; answers it as sent, or null. */
  const send = async (email: string): Promise<string | null> => {
    if (busy.current) return null;
    busy.current = true;
    setSending(true);
    try {
      const sent = await requestSignInLink(email);
      setSentTo(sent.email);
      setSecondsLeft(sent.nextInSeconds);
      setRefusal(null);
      void enrollOnce(sent.email);
      return sent.email;
    } catch (error) {
      // The site's cooldown names the wait: counted down here too. Other refusals in words as they are.
      const refused = error instanceof RequestFailedError && error.status === 429;
      const words = refused ? error.serverMessage : undefined;
      const seconds = words ? signInWaitSeconds(words) : undefined;
      if (seconds) {
        setSecondsLeft(seconds);
        setRefusal(null);
      } else if (words) {
        setRefusal(words);
      } else {
        showLongError(signInMessages.sendFailed);
      }
      return null;
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  /** "You can ask for a new link in 40 s.", or a refusal's own words; null when nothing waits. */
  const wait = refusal ?? (secondsLeft > 0 ? signInWaitText(secondsLeft) : null);

  return { send, sending, sentTo, wait };
}
