/**
 * The one door to the Firebase SDK. A dynamic import keeps the SDK out of the
 * entry chunk; the first call (made at start) begins the download, and every
 * later call shares it.
 */
import type * as firebase from './firebase';

export type FirebaseModule = typeof firebase;

let loading: Promise<FirebaseModule> | undefined;

export function loadFirebase(): Promise<FirebaseModule> {
  loading ??= import('./firebase').catch((error: unknown) => {
    // Let a later call try again (e.g. after a flaky network) instead of
    // remembering the failure forever.
    loading = undefined;
    throw error;
  });
  return loading;
}
