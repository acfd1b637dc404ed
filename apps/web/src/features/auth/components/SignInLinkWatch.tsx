import { lazy, Suspense } from 'react';
import { mayBeSignInLink } from '../../../lib/session-hint';
import { useLocation } from '../../../lib/router-seam';

// Only visitors arriving from a sign-in link need the code that completes it.
const EmailLinkSignIn = lazy(() =>
  import('./EmailLinkSignIn').then((module) => ({ default: module.EmailLinkSignIn })),
);

/** Completes an e-mail sign-in link in the page address (EmailLinkSignIn), if there may be one. */
export function SignInLinkWatch() {
  const { search, hash } = useLocation();
  if (!mayBeSignInLink(search + hash)) return null;
  return (
    <Suspense fallback={null}>
      <EmailLinkSignIn />
    </Suspense>
  );
}
