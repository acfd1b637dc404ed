/**
 * Requests that need the signed-in user (spec section 6): they carry
 * `Authorization: Bearer <Firebase ID token>`, refreshed first when it
 * expires within 600 s. Later features (checkout, India payment) call these.
 */
import { sendRequest, type RequestConfig, type ResponseSchema } from './api-client';
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

/** Sends an authenticated request; with a schema, the reply is validated. */
export async function authorizedRequest<T = unknown>(
  config: RequestConfig,
  schema?: ResponseSchema<T>,
): Promise<T> {
  const token = await bearerToken();
  const data = await sendRequest<unknown>({
    ...config,
    headers: { ...config.headers, Authorization: `Bearer ${token}` },
  });
  return schema ? schema.parse(data) : (data as T);
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
