/**
 * Access tokens from a Zoho refresh token (OAuth 2.0, accounts server of
 * the data centre). Zoho allows only a few token refreshes per ten minutes,
 * so the token is cached until a minute before it expires and concurrent
 * callers share one refresh.
 */
import { callProvider, ProviderRejectedError } from '../shared/provider-http';
import { describeZohoError, tokenSchema } from './wire';

export interface ZohoOAuthSettings {
  accountsUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  timeoutMs?: number;
}

const MARGIN_MS = 60_000;

export class ZohoAccessToken {
  private token: { value: string; expiresAt: number } | undefined;
  private refreshing: Promise<string> | undefined;

  constructor(private readonly settings: ZohoOAuthSettings) {}

  async get(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt - MARGIN_MS) return this.token.value;
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** Forgets the token after Zoho refused it (401), so the next call refreshes. */
  invalidate(): void {
    this.token = undefined;
  }

  private async refresh(): Promise<string> {
    const form = new URLSearchParams({
      refresh_token: this.settings.refreshToken,
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
      grant_type: 'refresh_token',
    });
    const answer = await callProvider({
      provider: 'zoho-accounts',
      method: 'POST',
      url: `${this.settings.accountsUrl}/oauth/v2/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      schema: tokenSchema,
      describeError: describeZohoError,
      timeoutMs: this.settings.timeoutMs ?? 10_000,
      retries: 2,
    });
    if ('error' in answer && !('access_token' in answer)) {
      throw new ProviderRejectedError(
        'zoho-accounts',
        200,
        String(answer.error),
        'token refresh refused',
      );
    }
    const granted = answer as {
      access_token: string;
      expires_in?: number;
      expires_in_sec?: number;
    };
    const seconds = granted.expires_in_sec ?? granted.expires_in ?? 3600;
    this.token = { value: granted.access_token, expiresAt: Date.now() + seconds * 1000 };
    return granted.access_token;
  }
}
