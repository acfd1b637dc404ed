import { loadFirebase } from '../../../lib/load-firebase';
import { toAuthUser, useAuthStore } from '../stores/auth-store';
import { authLog } from './auth-log';

/**
 * Follows Firebase's auth state for the life of the page and mirrors it into
 * the auth store. Called once at start; the SDK downloads in parallel with
 * the first paint, and the UI shows its loading state until the first report.
 */
export function startAuthSession(): () => void {
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  const { userChanged, failed } = useAuthStore.getState();

  loadFirebase()
    .then(({ getFirebaseAuth, onAuthStateChanged }) => {
      if (stopped) return;
      unsubscribe = onAuthStateChanged(
        getFirebaseAuth(),
        (user) => userChanged(user ? toAuthUser(user) : null),
        (error) => {
          authLog.sessionFailed(error);
          failed(error);
        },
      );
    })
    .catch((error: unknown) => {
      // The SDK could not even be loaded: show the site signed out, with the error kept.
      authLog.sessionFailed(error);
      failed(error instanceof Error ? error : new Error(String(error)));
    });

  return () => {
    stopped = true;
    unsubscribe?.();
  };
}
