/**
 * A stand-in for src/lib/firebase.ts in component tests:
 *
 *   vi.mock('<path>/lib/firebase', () => import('<path>/testing/firebase-mock'));
 *
 * Each export is a vi.fn() that a test can program; `resetFirebaseMock()`
 * restores the "nobody signed in, nothing happens" defaults.
 */
import { vi } from 'vitest';

export const fakeAuth = {
  currentUser: null as unknown,
  authStateReady: vi.fn(async () => undefined),
};

export const getFirebaseAuth = vi.fn(() => fakeAuth);
export const isSignInWithEmailLink = vi.fn((_auth: unknown, _href: string) => false);
export const onAuthStateChanged = vi.fn(() => () => undefined);
export const sendSignInLinkToEmail = vi.fn(
  async (_auth: unknown, _email: string, _settings: unknown) => undefined,
);
export const signInWithEmailLink = vi.fn(
  async (_auth: unknown, _email: string, _href: string): Promise<{ user: unknown }> => ({
    user: { uid: 'uid-1', email: 'ada@example.com' },
  }),
);
export const signOut = vi.fn(async (_auth: unknown) => undefined);

export function resetFirebaseMock(): void {
  fakeAuth.currentUser = null;
  getFirebaseAuth.mockReset().mockImplementation(() => fakeAuth);
  isSignInWithEmailLink.mockReset().mockImplementation(() => false);
  onAuthStateChanged.mockReset().mockImplementation(() => () => undefined);
  sendSignInLinkToEmail.mockReset().mockImplementation(async () => undefined);
  signInWithEmailLink.mockReset().mockImplementation(async () => ({
    user: { uid: 'uid-1', email: 'ada@example.com' },
  }));
  signOut.mockReset().mockImplementation(async () => undefined);
}

/** A Firebase-style error with a code, as the SDK throws them. */
export function firebaseError(code: string, message = code): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}
