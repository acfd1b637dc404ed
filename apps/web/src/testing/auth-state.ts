/**
 * What the UI sees of the session, set directly by tests: who is signed in
 * (null: nobody), a session still being restored, or the state at start.
 */
import { initialAuthState, useAuthStore, type AuthUser } from '../features/auth/stores/auth-store';

export function setSignedInUser(user: AuthUser | null): void {
  useAuthStore.getState().userChanged(user);
}

export function setSessionRestoring(): void {
  useAuthStore.setState({ loading: true, user: null });
}

export function resetAuthState(): void {
  useAuthStore.setState(initialAuthState);
}
