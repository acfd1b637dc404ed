/**
 * Auth state (spec section 4): `loading` until Firebase has restored or ruled
 * out a session, `user` when someone is signed in, `error` when the last
 * sign-in attempt failed. Fed by onAuthStateChanged (see auth-session.ts) and
 * by the e-mail link completion.
 */
import { create } from 'zustand';

/** The signed-in user as the UI needs it; the Firebase object stays in the SDK. */
export interface AuthUser {
  uid: string;
  email: string | null;
}

export interface AuthState {
  loading: boolean;
  user: AuthUser | null;
  error: Error | null;
}

interface AuthActions {
  /** A session was restored, started or ended. */
  userChanged(user: AuthUser | null): void;
  /** A sign-in attempt (or restoring the session) failed. */
  failed(error: Error): void;
}

export const initialAuthState: AuthState = { loading: true, user: null, error: null };

export const useAuthStore = create<AuthState & AuthActions>()((set) => ({
  ...initialAuthState,
  // A new user clears an earlier sign-in error; a signed-out report keeps it,
  // because Firebase repeats "nobody signed in" right after a failed attempt.
  userChanged: (user) =>
    set(user ? { loading: false, user, error: null } : { loading: false, user: null }),
  failed: (error) => set({ loading: false, error }),
}));

/**
 * Calls `listener` whenever the signed-in person leaves: signs out (here,
 * in another tab, or because the server closed the account) or another
 * person signs in. A refreshed session of the same person does not count.
 */
export function onSignedInUserLeft(listener: () => void): () => void {
  return useAuthStore.subscribe((state, previous) => {
    if (previous.user && previous.user.uid !== state.user?.uid) listener();
  });
}

export function toAuthUser(user: { uid: string; email: string | null }): AuthUser {
  return { uid: user.uid, email: user.email };
}
