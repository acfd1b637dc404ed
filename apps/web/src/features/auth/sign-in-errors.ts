/**
 * What the visitor reads when completing an e-mail link fails (spec section 8).
 * The texts are requirements; keep them word for word.
 */
export const signInMessages = {
  mismatch:
    'The email provided does not match the sign-in email address. Please try logging in again.',
  invalidLink: 'The sign-in link is invalid or has expired. Please try logging in again.',
  other: 'An error occurred while signing in. Please try again.',
  noUser: 'An error occurred while signing in.',
  sendFailed: 'An error occurred. Please try again later.',
} as const;

/** A completion that Firebase reported as successful but that carried no user. */
export class SignInYieldedNoUserError extends Error {
  constructor() {
    super(signInMessages.noUser);
    this.name = 'SignInYieldedNoUserError';
  }
}

/** The Firebase error code (e.g. "auth/invalid-email"), if the error has one. */
export function authErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error as { code: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export function signInErrorMessage(error: unknown): string {
  if (error instanceof SignInYieldedNoUserError) return signInMessages.noUser;
  switch (authErrorCode(error)) {
    // The server answers INVALID_EMAIL when the address differs from the one
    // the link was issued for.
    case 'auth/invalid-email':
      return signInMessages.mismatch;
    case 'auth/invalid-action-code':
    case 'auth/expired-action-code':
      return signInMessages.invalidLink;
    default:
      return signInMessages.other;
  }
}
