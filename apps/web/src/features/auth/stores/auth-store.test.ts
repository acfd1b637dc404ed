import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as firebase from '../../../testing/firebase-mock';
import { startAuthSession } from '../api/auth-session';
import { completeSignInWithLink } from '../api/email-link';
import { sessionHint } from '../../../lib/session-hint';
import { useAuthStore } from './auth-store';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const state = () => {
  const { loading, user, error } = useAuthStore.getState();
  return { loading, user, error };
};

type AuthCallback = (user: { uid: string; email: string | null } | null) => void;

/** Starts the session and returns the callback Firebase would call. */
async function startedSession(): Promise<AuthCallback> {
  // A session was seen before, so the SDK is loaded at start.
  sessionHint.set(true);
  startAuthSession();
  await vi.waitFor(() => expect(firebase.onAuthStateChanged).toHaveBeenCalled());
  return (firebase.onAuthStateChanged.mock.calls[0] as unknown as [unknown, AuthCallback])[1];
}

beforeEach(() => {
  firebase.resetFirebaseMock();
});

describe('auth state', () => {
  it('starts loading, with nobody signed in and no error', () => {
    expect(state()).toEqual({ loading: true, user: null, error: null });
  });

  it('goes from loading to the restored user', async () => {
    const report = await startedSession();
    expect(state().loading).toBe(true);
    report({ uid: 'uid-7', email: 'ada@example.com' });
    expect(state()).toEqual({
      loading: false,
      user: { uid: 'uid-7', email: 'ada@example.com' },
      error: null,
    });
  });

  it('goes from loading to signed out', async () => {
    const report = await startedSession();
    report(null);
    expect(state()).toEqual({ loading: false, user: null, error: null });
  });

  it('records the error of a failed e-mail link completion', async () => {
    const report = await startedSession();
    report(null);
    const failure = firebase.firebaseError('auth/invalid-action-code');
    firebase.signInWithEmailLink.mockRejectedValueOnce(failure);

    await expect(completeSignInWithLink('ada@example.com', 'http://x/?oobCode=1')).rejects.toBe(
      failure,
    );
    expect(state()).toEqual({ loading: false, user: null, error: failure });

    // Firebase repeating "nobody signed in" keeps the error visible...
    report(null);
    expect(state().error).toBe(failure);
    // ...and a successful sign-in clears it.
    report({ uid: 'uid-8', email: 'ada@example.com' });
    expect(state()).toMatchObject({ user: { uid: 'uid-8' }, error: null });
  });

  it('treats a completion without a user as an error', async () => {
    firebase.signInWithEmailLink.mockResolvedValueOnce({ user: null });
    await expect(completeSignInWithLink('ada@example.com', 'http://x/')).rejects.toThrow(
      'An error occurred while signing in.',
    );
    expect(state()).toMatchObject({ loading: false, user: null });
    expect(state().error?.message).toBe('An error occurred while signing in.');
  });

  it('stores the user of a successful completion', async () => {
    firebase.signInWithEmailLink.mockResolvedValueOnce({
      user: { uid: 'uid-9', email: 'grace@example.com' },
    });
    await completeSignInWithLink('  Grace@Example.com ', 'http://x/?oobCode=2');
    expect(firebase.signInWithEmailLink).toHaveBeenCalledWith(
      firebase.fakeAuth,
      'grace@example.com',
      'http://x/?oobCode=2',
    );
    expect(state()).toEqual({
      loading: false,
      user: { uid: 'uid-9', email: 'grace@example.com' },
      error: null,
    });
  });
});
