/**
 * The Zoho emulator's settings: the OAuth client and the two refresh tokens
 * the server must use (one for Books, one for Payments), the Books
 * organization and the Payments account, the webhook subscription, the
 * merchant shown to buyers, and timings that tests shorten.
 */

export interface ZohoOptions {
  /** Default `emulator-zoho-client-id`. */
  clientId?: string;
  /** Default `emulator-zoho-client-secret`. */
  clientSecret?: string;
  /** Refresh token with the Books scopes. Default `emulator-books-refresh-token`. */
  booksRefreshToken?: string;
  /** Refresh token with the Payments scopes. Default `emulator-payments-refresh-token`. */
  paymentsRefreshToken?: string;
  /** The Books organization every call must name. Default `60000000001`. */
  organizationId?: string;
  /** The Payments account every call must name. Default `23137556`. */
  accountId?: string;
  /** Signs webhooks and the return-URL query. Default `emulator-zoho-signing-key`. */
  signingKey?: string;
  /** Where Payments events are POSTed; `null` keeps them undelivered (still listed). */
  webhookTargetUrl?: string | null;
  /** The business name buyers see on the pay page and in the e-mail. Default `Wi-Fi 7 Workshop`. */
  merchantName?: string;
  /** `expires_in` of access tokens. Default 3600 s, as Zoho's. */
  tokenTtlSeconds?: number;
  /**
   * Access tokens one refresh token may mint in 10 minutes. Default 10, as
   * Zoho's; a suite that starts many server processes may raise it.
   */
  tokenMintLimit?: number;
  /** Waits between delivery attempts of one event. Default 1 s, 3 s, 10 s. */
  webhookRetryDelaysMs?: readonly number[];
  /** How long one delivery attempt may take. Default 10 s. */
  webhookTimeoutMs?: number;
  /** How often links past their expiry date are looked for. Default 30 s. */
  expirySweepMs?: number;
}

export interface ZohoConfig {
  clientId: string;
  clientSecret: string;
  booksRefreshToken: string;
  paymentsRefreshToken: string;
  organizationId: string;
  accountId: string;
  signingKey: string;
  webhookTargetUrl: string | null;
  merchantName: string;
  tokenTtlSeconds: number;
  tokenMintLimit: number;
  webhookRetryDelaysMs: readonly number[];
  webhookTimeoutMs: number;
  expirySweepMs: number;
  /** Where people and e-mails reach the emulator, e.g. http://localhost:4000. */
  publicUrl: string;
  /** What the server uses in place of https://accounts.zoho.in. */
  accountsUrl: string;
  /** In place of https://www.zohoapis.in/books/v3. */
  booksApiUrl: string;
  /** In place of https://payments.zoho.in/api/v1. */
  paymentsApiUrl: string;
  /** The token answer's `api_domain`: Books' base is `api_domain + /books/v3`, as at Zoho. */
  apiDomain: string;
}

export const ZOHO_PREFIX = '/zoho';
export const ACCOUNTS_PATH = '/accounts';
export const BOOKS_PATH = '/books/v3';
export const PAYMENTS_API_PATH = '/payments/api/v1';
/** The hosted pay page, as `https://payments.zoho.in/paymentlink/<token>`. */
export const PAY_PAGE_PATH = '/payments/paymentlink';

export function resolveZohoConfig(publicUrl: string, options: ZohoOptions = {}): ZohoConfig {
  const base = `${publicUrl.replace(/\/+$/, '')}`;
  const mount = `${base}${ZOHO_PREFIX}`;
  return {
    clientId: options.clientId ?? 'emulator-zoho-client-id',
    clientSecret: options.clientSecret ?? 'emulator-zoho-client-secret',
    booksRefreshToken: options.booksRefreshToken ?? 'emulator-books-refresh-token',
    paymentsRefreshToken: options.paymentsRefreshToken ?? 'emulator-payments-refresh-token',
    organizationId: options.organizationId ?? '60000000001',
    accountId: options.accountId ?? '23137556',
    signingKey: options.signingKey ?? 'emulator-zoho-signing-key',
    webhookTargetUrl:
      options.webhookTargetUrl === undefined
        ? 'http://localhost:3000/api/webhooks/zoho'
        : options.webhookTargetUrl,
    merchantName: options.merchantName ?? 'Wi-Fi 7 Workshop',
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    tokenMintLimit: options.tokenMintLimit ?? 10,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? [1000, 3000, 10_000],
    webhookTimeoutMs: options.webhookTimeoutMs ?? 10_000,
    expirySweepMs: options.expirySweepMs ?? 30_000,
    publicUrl: base,
    accountsUrl: `${mount}${ACCOUNTS_PATH}`,
    booksApiUrl: `${mount}${BOOKS_PATH}`,
    paymentsApiUrl: `${mount}${PAYMENTS_API_PATH}`,
    apiDomain: mount,
  };
}
