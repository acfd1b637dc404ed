import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../../lib/router-seam';
import { paths } from '../../../config/paths';
import { authLog } from '../api/auth-log';
import { isSignInLink } from '../api/email-link';
import { useAuth } from '../hooks/use-auth';
import { rememberedEmail } from '../stores/remembered-email';

// Only visitors arriving from a sign-in link need the dialog's code.
const ConfirmEmailDialog = lazy(() =>
  import('./ConfirmEmailDialog').then((module) => ({ default: module.ConfirmEmailDialog })),
);

/**
 * Watches the page address for an e-mail sign-in link and, when nobody is
 * signed in, asks the visitor to confirm their address to complete it. Once
 * the attempt is over the link's query parameters are removed from the
 * address, so a reload does not try the spent link again.
 */
export function EmailLinkSignIn() {
  const location = useLocation();
  const navigate = useNavigate();
  const { loading, user } = useAuth();
  // The address that was checked and found to be a sign-in link. Comparing it
  // with the current address keeps a stale answer from reopening the dialog.
  const [linkHref, setLinkHref] = useState<string | null>(null);
  const [storedEmail, setStoredEmail] = useState<string | null>(null);
  // No window when the page is prerendered; there is no link to see there anyway.
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const href = origin + location.pathname + location.search + location.hash;
  const isLink = linkHref !== null && linkHref === href;

  useEffect(() => {
    let active = true;
    isSignInLink(href).then(
      (result) => {
        if (!active || !result) return;
        setStoredEmail(rememberedEmail.get());
        setLinkHref(href);
      },
      // Without the SDK no link can be completed; the page stays usable.
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [href]);

  // Dropping the query parameters also ends `isLink`, which closes the dialog.
  const leaveLink = useCallback(() => {
    void navigate(paths.workshop, { replace: true });
  }, [navigate]);

  const showDialog = isLink && !loading && !user;

  useEffect(() => {
    if (showDialog) authLog.linkOpened(storedEmail ? 'confirm' : 'enter');
  }, [showDialog, storedEmail]);

  // Someone already signed in opened a link: nothing to complete, tidy the address.
  useEffect(() => {
    if (isLink && !loading && user) leaveLink();
  }, [isLink, loading, user, leaveLink]);

  if (!showDialog) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmEmailDialog href={href} storedEmail={storedEmail} onFinished={leaveLink} />
    </Suspense>
  );
}
