import { useShallow } from 'zustand/react/shallow';
import { useAuthStore, type AuthState } from '../stores/auth-store';

/** The three auth values (spec section 4) for components. */
export function useAuth(): AuthState {
  return useAuthStore(useShallow(({ loading, user, error }) => ({ loading, user, error })));
}
