/**
 * When to refresh the Firebase ID token sent as a bearer token (spec section
 * 6): when it has expired or expires within 600 seconds. Refreshing early
 * means a request never reaches the server with a token that dies in flight.
 */

export const TOKEN_REFRESH_THRESHOLD_SECONDS = 600;

export const TOKEN_REFRESH_FAILED_MESSAGE = 'Unable to refresh token.';

/**
 * True when a token expiring at `expirationTimeMs` must be refreshed at
 * `nowMs`. Exactly 600 s before expiry counts as "within" the window. An
 * unreadable expiry is treated as expired rather than trusted.
 */
export function needsRefresh(expirationTimeMs: number, nowMs: number): boolean {
  if (!Number.isFinite(expirationTimeMs)) return true;
  return expirationTimeMs - nowMs <= TOKEN_REFRESH_THRESHOLD_SECONDS * 1000;
}

/** The part of a Firebase `User` this module needs; easy to fake in tests. */
export interface IdTokenSource {
  getIdTokenResult(): Promise<{ token: string; expirationTime: string }>;
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

export class TokenRefreshError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(TOKEN_REFRESH_FAILED_MESSAGE, options);
    this.name = 'TokenRefreshError';
  }
}

/** Returns a token with more than 600 s to live, refreshing it when needed. */
export async function getFreshIdToken(user: IdTokenSource, nowMs = Date.now()): Promise<string> {
  try {
    const current = await user.getIdTokenResult();
    if (!needsRefresh(Date.parse(current.expirationTime), nowMs)) return current.token;
    return await user.getIdToken(true);
  } catch (error) {
    throw new TokenRefreshError({ cause: error });
  }
}
