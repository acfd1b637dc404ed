/**
 * OAuth access tokens shared by every server instance. A provider may let
 * a refresh token mint only a few access tokens (Zoho: 10 in 10 minutes),
 * so instances that each refreshed their own would use the allowance up
 * during a rolling deploy or a crash loop. The server keeps them in
 * Postgres (`db/access-tokens.ts`); an adapter asks through this port.
 */

/** An access token and how long it still lives. */
export interface AccessTokenGrant {
  accessToken: string;
  expiresInMs: number;
}

/** What one refresh got: a token, or the provider's refusal and how long to ask no more. */
export type RefreshOutcome = AccessTokenGrant | { refused: string; pauseMs: number };

/** A token to use, or why there is none for now (a remembered refusal, a refresh that never ends). */
export type SharedAccessToken = AccessTokenGrant | { unavailable: string };

export interface SharedAccessTokens {
  /**
   * The token stored under `key` while it lives longer than `marginMs`;
   * otherwise one caller among all instances runs `refresh` (under a lease
   * of `leaseMs`, which must outlast it) and stores what it got, and the
   * others wait for that. A refusal is stored too: until its pause ends
   * every caller is answered with it and nobody asks the provider.
   * `refresh` throwing lets the next caller try.
   */
  get(
    key: string,
    refresh: () => Promise<RefreshOutcome>,
    timing: { marginMs: number; leaseMs: number },
  ): Promise<SharedAccessToken>;
  /** Stops serving `accessToken` (the provider refused it), unless a newer one replaced it. */
  forget(key: string, accessToken: string): Promise<void>;
}
