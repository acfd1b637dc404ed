import { describe, expect, it } from 'vitest';
import { firebaseError } from '../../testing/firebase-mock';
import { SignInYieldedNoUserError, signInErrorMessage } from './sign-in-errors';

describe('sign-in error texts', () => {
  it('explains an e-mail that does not match the link', () => {
    // What the SDK throws for the server's INVALID_EMAIL answer.
    const error = firebaseError(
      'auth/invalid-email',
      'Firebase: The email provided does not match the sign-in email address. (auth/invalid-email).',
    );
    expect(signInErrorMessage(error)).toBe(
      'The email provided does not match the sign-in email address. Please try logging in again.',
    );
  });

  it.each(['auth/invalid-action-code', 'auth/expired-action-code'])(
    'explains an invalid or used link (%s)',
    (code) => {
      expect(signInErrorMessage(firebaseError(code))).toBe(
        'The sign-in link is invalid or has expired. Please try logging in again.',
      );
    },
  );

  it('explains a completion that produced no user', () => {
    expect(signInErrorMessage(new SignInYieldedNoUserError())).toBe(
      'An error occurred while signing in.',
    );
  });

  it.each([
    firebaseError('auth/network-request-failed'),
    new Error('boom'),
    'not even an error',
    null,
  ])('falls back to the generic text for anything else (%s)', (error) => {
    expect(signInErrorMessage(error)).toBe('An error occurred while signing in. Please try again.');
  });
});
