/**
 * Firebase, set up once from the public configuration (spec section 4, item
 * 6: the session persists across tabs, preferring indexed storage, then local
 * storage, then session storage).
 *
 * Load this module only through `loadFirebase()` (load-firebase.ts): the SDK
 * then lives in its own chunk and the first paint does not wait for it.
 *
 * `initializeAuth` is used rather than `getAuth()`, which would also pull in
 * the popup/redirect resolver and a script from Google's servers.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { getPublicConfig } from '../config/public-config';

export {
  isSignInWithEmailLink,
  onAuthStateChanged,
  sendSignInLinkToEmail,
  signInWithEmailLink,
  signOut,
} from 'firebase/auth';
export type { Auth, User } from 'firebase/auth';

let auth: Auth | undefined;

export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  const { firebase } = getPublicConfig();
  const app = initializeApp({
    apiKey: firebase.apiKey,
    authDomain: firebase.authDomain,
    projectId: firebase.projectId,
  });
  auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
  if (firebase.authEmulatorUrl) {
    connectAuthEmulator(auth, firebase.authEmulatorUrl, { disableWarnings: true });
  }
  return auth;
}
