import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFirebaseLoaded } from '../../../lib/load-firebase';
import { SESSION_HINT_KEY } from '../../../lib/session-hint';
import * as firebase from '../../../testing/firebase-mock';
import { useAuthStore } from '../stores/auth-store';
import { startAuthSession } from './auth-session';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

// The order matters: once a test loads the SDK it stays loaded for the file.
describe('the session at start', () => {
  it('shows a visitor with no stored session signed out, without fetching the SDK', async () => {
    stop = startAuthSession();
    await vi.waitFor(() => expect(useAuthStore.getState().loading).toBe(false));
    expect(useAuthStore.getState().user).toBeNull();
    expect(isFirebaseLoaded()).toBe(false);
    expect(firebase.onAuthStateChanged).not.toHaveBeenCalled();
  });

  it('follows the session once another tab signs in', async () => {
    stop = startAuthSession();
    await vi.waitFor(() => expect(useAuthStore.getState().loading).toBe(false));
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_HINT_KEY, newValue: '1' }));
    await vi.waitFor(() => expect(firebase.onAuthStateChanged).toHaveBeenCalled());
    expect(isFirebaseLoaded()).toBe(true);
  });
});
