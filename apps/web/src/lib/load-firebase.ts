/**
 * The one door to the Firebase SDK. A dynamic import keeps the SDK out of the
 * entry chunk; it downloads only when it is needed (a stored session, a
 * sign-in link, a sign-in or logout), and every later call shares it.
 */
import type * as firebase from './firebase';

export type FirebaseModule = typeof firebase;

let loading: Promise<FirebaseModule> | undefined;
let loaded: FirebaseModule | undefined;
const onLoad: ((module: FirebaseModule) => void)[] = [];

export function loadFirebase(): Promise<FirebaseModule> {
  loading ??= import('./firebase').then(
    (module) => {
      loaded = module;
      for (const callback of onLoad.splice(0)) callback(module);
      return module;
    },
    (error: unknown) => {
      // Let a later call try again (e.g. after a flaky network) instead of
      // remembering the failure forever.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether the SDK is here already (it then knows the session for sure). */
export function isFirebaseLoaded(): boolean {
  return loaded !== undefined;
}

/** Runs `callback` once the SDK has loaded, whoever asked for it (at once if it has). */
export function whenFirebaseLoaded(callback: (module: FirebaseModule) => void): void {
  if (loaded) callback(loaded);
  else onLoad.push(callback);
}
