/**
 * Requests that need the signed-in user (spec section 6): they carry
 * `Authorization: Bearer <Firebase ID token>`, refreshed first when it
 * expires within 600 s. Later features (checkout, India payment) call these.
 */
import { sendRequest, type RequestConfig, type ResponseCheck } from './api-client';
import { getFreshIdToken, TokenRefreshError } from './id-token';
import { isFirebaseLoaded, loadFirebase } from './load-firebase';
import { remoteLog } from './remote-log';
import { mayHaveStoredSession } from './session-hint';
import { toast } from './toasts';

export class NotSignedInError extends Error {
  constructor() {
    super('This request needs a signed-in user.');
    this.name = 'NotSignedInError';
  }
}

async function bearerToken(): Promise<string> {
  const { getFirebaseAuth } = await loadFirebase();
  const auth = getFirebaseAuth();
  // Right after a reload the persisted user is restored asynchronously.
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) throw new NotSignedInError();
  try {
    return await getFreshIdToken(user);
  } catch (error) {
    if (error instanceof TokenRefreshError) {
      void remoteLog.error(`auth: ID token refresh failed (uid ${user.uid})`);
      toast.error(error.message);
    }
    throw error;
  }
}

/** Sends an authenticated request; with a check, the reply is checked. */
export async function authorizedRequest<T = unknown>(
  config: RequestConfig,
  check?: ResponseCheck<T>,
): Promise<T> {
  const token = await bearerToken();
  return sendRequest<T>(
    { ...config, headers: { ...config.headers, Authorization: `Bearer ${token}` } },
    check,
  );
}

/** The signed-in user's fresh ID token, or `undefined` when nobody is signed in. */
export async function currentIdTokenIfSignedIn(): Promise<string | undefined> {
  // Nobody can be signed in without the SDK or a stored session: no download for that.
  if (!isFirebaseLoaded() && !(await mayHaveStoredSession())) return undefined;
  try {
    return await bearerToken();
  } catch (error) {
    if (error instanceof NotSignedInError) return undefined;
    throw error;
  }
}
