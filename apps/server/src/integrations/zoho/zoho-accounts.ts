/**
 * Access tokens from a Zoho refresh token (OAuth 2.0, accounts server of
 * the data centre). Zoho lets a refresh token mint only 10 access tokens
 * in 10 minutes, so the token is shared by every instance through the
 * database (SharedAccessTokens): one instance refreshes it a minute before
 * it expires, or after Zoho refused it, and the others read what it got.
 * A refresh Zoho refuses for coming too often is remembered for a minute,
 * and every call meanwhile fails as "unavailable" without asking again.
 * Each instance keeps a copy of the stored token in memory.
 */
import { createHash } from 'node:crypto';
import type { RefreshOutcome, SharedAccessTokens } from '../../lib/shared-access-tokens';
import {
  callProvider,
  ProviderRejectedError,
  ProviderUnavailableError,
} from '../shared/provider-http';
import { describeZohoError, tokenSchema } from './wire';

export interface ZohoOAuthSettings {
  accountsUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  timeoutMs?: number;
}

/** A token this close to its expiry is refreshed rather than used. */
const MARGIN_MS = 60_000;
/** How long a refresh Zoho refused for coming too often keeps everyone from asking again. */
const REFUSED_REFRESH_PAUSE_MS = 60_000;
/** Attempts of one refresh (network failures and 5xx are tried again). */
const REFRESH_RETRIES = 2;

export class ZohoAccessToken {
  private token: { value: string; expiresAt: number } | undefined;
  private loading: Promise<string> | undefined;
  /** Names the refresh token in the shared store without storing it. */
  private readonly key: string;

  constructor(
    private readonly settings: ZohoOAuthSettings,
    private readonly shared: SharedAccessTokens,
  ) {
    this.key = `zoho:${createHash('sha256')
      .update(`${settings.accountsUrl}\n${settings.clientId}\n${settings.refreshToken}`)
      .digest('hex')}`;
  }

  async get(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt - MARGIN_MS) return this.token.value;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Forgets a token Zoho refused (401), here and for every instance, so the next call refreshes. */
  async invalidate(refused: string): Promise<void> {
    if (this.token?.value === refused) this.token = undefined;
    await this.shared.forget(this.key, refused);
  }

  private async load(): Promise<string> {
    const timeoutMs = this.settings.timeoutMs ?? 10_000;
    const shared = await this.shared.get(this.key, () => this.refresh(timeoutMs), {
      marginMs: MARGIN_MS,
      // Longer than every attempt of one refresh with the waits between them.
      leaseMs: (REFRESH_RETRIES + 1) * timeoutMs + 5000,
    });
    if ('unavailable' in shared) {
      throw new ProviderUnavailableError('zoho-accounts', shared.unavailable, undefined, true);
    }
    this.token = { value: shared.accessToken, expiresAt: Date.now() + shared.expiresInMs };
    return shared.accessToken;
  }

  private async refresh(timeoutMs: number): Promise<RefreshOutcome> {
    const form = new URLSearchParams({
      refresh_token: this.settings.refreshToken,
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
      grant_type: 'refresh_token',
    });
    let answer;
    try {
      answer = await callProvider({
        provider: 'zoho-accounts',
        method: 'POST',
        url: `${this.settings.accountsUrl}/oauth/v2/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        schema: tokenSchema,
        describeError: describeZohoError,
        timeoutMs,
        retries: REFRESH_RETRIES,
      });
      // Zoho may refuse with HTTP 200 and an error word instead of a token.
      if ('error' in answer && !('access_token' in answer)) {
        throw new ProviderRejectedError(
          'zoho-accounts',
          200,
          String(answer.error),
          'token refresh refused',
        );
      }
    } catch (error) {
      if (!isTooManyRefreshes(error)) throw error;
      return {
        refused: `zoho-accounts refused to refresh the access token: ${(error as Error).message}`,
        pauseMs: REFUSED_REFRESH_PAUSE_MS,
      };
    }
    const granted = answer as {
      access_token: string;
      expires_in?: number;
      expires_in_sec?: number;
    };
    const seconds = granted.expires_in_sec ?? granted.expires_in ?? 3600;
    return { accessToken: granted.access_token, expiresInMs: seconds * 1000 };
  }
}

/** Zoho's answer to too many refreshes: "Access Denied" (HTTP 400, or 200), or a plain 429. */
function isTooManyRefreshes(error: unknown): boolean {
  return (
    (error instanceof ProviderRejectedError && error.code === 'Access Denied') ||
    (error instanceof ProviderUnavailableError && error.status === 429)
  );
}
