import { loadFirebase, whenFirebaseLoaded } from '../../../lib/load-firebase';
import { mayHaveStoredSession, sessionHint, SESSION_HINT_KEY } from '../../../lib/session-hint';
import { toAuthUser, useAuthStore } from '../stores/auth-store';

/** A session that cannot be restored is rare: its log line's code arrives when needed. */
function logSessionFailed(error: unknown) {
  void import('./auth-log').then(({ authLog }) => authLog.sessionFailed(error));
}

/**
 * Follows the auth state for the life of the page and mirrors it into the
 * auth store. Called once at start.
 *
 * The Firebase SDK is fetched only when it is needed: when this browser may
 * hold a session (see session-hint.ts), when another tab signs in, or when
 * something else loads it (a sign-in link, the login form, logout). Until
 * then a visitor with no stored session is shown signed out at once. Once
 * the SDK is here, Firebase's own reports rule, across tabs too.
 */
export function startAuthSession(): () => void {
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  const { userChanged, failed } = useAuthStore.getState();

  whenFirebaseLoaded(({ getFirebaseAuth, onAuthStateChanged }) => {
    if (stopped) return;
    unsubscribe = onAuthStateChanged(
      getFirebaseAuth(),
      (user) => {
        sessionHint.set(user !== null);
        userChanged(user ? toAuthUser(user) : null);
      },
      (error) => {
        logSessionFailed(error);
        failed(error);
      },
    );
  });

  const load = () => {
    loadFirebase().catch((error: unknown) => {
      // The SDK could not even be loaded: show the site signed out, with the error kept.
      logSessionFailed(error);
      failed(error instanceof Error ? error : new Error(String(error)));
    });
  };

  // Another tab signed in: this one follows the session from now on.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_HINT_KEY && event.newValue === '1') load();
  };
  window.addEventListener('storage', onStorage);

  void mayHaveStoredSession().then((maybe) => {
    if (stopped) return;
    if (maybe) load();
    // Nobody can be signed in yet; a report from the SDK, once loaded, takes over.
    else if (useAuthStore.getState().loading) userChanged(null);
  });

  return () => {
    stopped = true;
    window.removeEventListener('storage', onStorage);
    unsubscribe?.();
  };
}
