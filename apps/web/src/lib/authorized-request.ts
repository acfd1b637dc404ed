/**
 * Requests that need the signed-in user (spec section 6): they carry
 * `Authorization: Bearer <Firebase ID token>`, refreshed first when it
 * expires within 600 s. Later features (checkout, India payment) call these.
 */
import { apiErrorReasons } from '@wifi7/contract';
import {
  RequestFailedError,
  sendRequest,
  type RequestConfig,
  type ResponseCheck,
} from './api-client';
import { getFreshIdToken, TokenRefreshError } from './id-token';
import { isFirebaseLoaded, loadFirebase } from './load-firebase';
import { remoteLog } from './remote-log';
import { mayHaveStoredSession } from './session-hint';
import { LONG_ERROR_TOAST_MS, toast } from './toasts';

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
  try {
    return await sendRequest<T>(
      { ...config, headers: { ...config.headers, Authorization: `Bearer ${token}` } },
      check,
    );
  } catch (error) {
    if (error instanceof RequestFailedError && error.reason === apiErrorReasons.accountClosed) {
      await endClosedSession(error);
    }
    throw error;
  }
}

/**
 * The server closed the signed-in account (it had a password, which this
 * site never offers): every call of this session would be refused, so the
 * session ends here, the person reads why, and the menu offers Login again.
 */
async function endClosedSession(error: RequestFailedError): Promise<void> {
  // One toast however many calls of the page were refused at once.
  if (error.serverMessage) {
    toast.error(error.serverMessage, { id: 'account-closed', duration: LONG_ERROR_TOAST_MS });
  }
  const { getFirebaseAuth, signOut } = await loadFirebase();
  const auth = getFirebaseAuth();
  const uid = auth.currentUser?.uid;
  try {
    await signOut(auth);
  } catch {
    // Signed out already, or the SDK failed: the next call is refused anyway.
  }
  void remoteLog.error(`auth: the server closed the account, signed out (uid ${uid})`);
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
