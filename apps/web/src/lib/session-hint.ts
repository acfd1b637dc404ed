/**
 * Whether this browser may hold a Firebase session, answered without the
 * SDK, so a visitor who is not signed in never downloads it.
 *
 * The app keeps a hint in localStorage: "1" once a session was reported, "0"
 * once Firebase reported nobody signed in. Without a hint (a session stored
 * before the hint existed, or storage that was cleared in part) the places
 * where Firebase keeps a session are looked at: its IndexedDB database, and
 * the `firebase:authUser:` keys of its localStorage fallback. When nothing
 * can be read, the answer is "maybe": the SDK then decides, as before.
 */
export const SESSION_HINT_KEY = 'wifi7.session';

/** Firebase's IndexedDB database for persisted sessions. */
const FIREBASE_DATABASE = 'firebaseLocalStorageDb';
const FIREBASE_USER_KEY_PREFIX = 'firebase:authUser:';

export const sessionHint = {
  /** Records what Firebase reported: someone signed in, or nobody. */
  set(signedIn: boolean): void {
    try {
      localStorage.setItem(SESSION_HINT_KEY, signedIn ? '1' : '0');
    } catch {
      // Storage unavailable: the next page load asks Firebase itself.
    }
  },
};

function storedHint(): '1' | '0' | null | 'unreadable' {
  try {
    const value = localStorage.getItem(SESSION_HINT_KEY);
    return value === '1' || value === '0' ? value : null;
  } catch {
    return 'unreadable';
  }
}

function hasFirebaseStorageKey(storage: Storage): boolean {
  for (let index = 0; index < storage.length; index += 1) {
    if (storage.key(index)?.startsWith(FIREBASE_USER_KEY_PREFIX)) return true;
  }
  return false;
}

/** True unless this browser surely holds no Firebase session. */
export async function mayHaveStoredSession(): Promise<boolean> {
  const hint = storedHint();
  if (hint === '1' || hint === 'unreadable') return true;
  if (hint === '0') return false;
  try {
    if (hasFirebaseStorageKey(localStorage) || hasFirebaseStorageKey(sessionStorage)) return true;
    if (typeof indexedDB === 'undefined') return false;
    if (typeof indexedDB.databases !== 'function') return true;
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === FIREBASE_DATABASE);
  } catch {
    return true;
  }
}

/** Whether `href` can be an e-mail sign-in link (the SDK makes the real check). */
export function mayBeSignInLink(href: string): boolean {
  return href.includes('oobCode');
}
