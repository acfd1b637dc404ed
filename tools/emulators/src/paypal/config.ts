/**
 * The PayPal emulator's settings: the app credentials the server must use,
 * the webhook subscription (target URL and id), the merchant shown to
 * buyers, and timings that tests shorten.
 */

export interface PaypalOptions {
  /** Default `emulator-client-id`. */
  clientId?: string;
  /** Default `emulator-client-secret`. */
  clientSecret?: string;
  /** The id of the webhook subscription, needed to verify signatures. Default `WH-EMULATOR-0001`. */
  webhookId?: string;
  /** Where events are POSTed; `null` keeps them undelivered (still listed). */
  webhookTargetUrl?: string | null;
  /** The PayPal account's business name, shown when an invoice names no invoicer business. */
  merchantName?: string;
  /** The PayPal account's e-mail; when set, `invoicer.email_address` must equal it. */
  merchantEmail?: string;
  /** Lifetime of access tokens. Default 32400 s (9 h), as PayPal's. */
  tokenTtlSeconds?: number;
  /** Waits between delivery attempts of one event. Default 1 s, 3 s, 10 s. */
  webhookRetryDelaysMs?: readonly number[];
  /** How long one delivery attempt may take. Default 10 s. */
  webhookTimeoutMs?: number;
  /**
   * Where the server reaches the API, when not at the public URL (through a
   * proxy, say). PayPal's own links, the webhook certificate among them,
   * name this host. Default `<publicUrl>/paypal`.
   */
  apiBaseUrl?: string;
}

export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  webhookTargetUrl: string | null;
  merchantName: string | undefined;
  merchantEmail: string | undefined;
  tokenTtlSeconds: number;
  webhookRetryDelaysMs: readonly number[];
  webhookTimeoutMs: number;
  /** Where people and e-mails reach the emulator, e.g. http://localhost:4000. */
  publicUrl: string;
  /** What the server uses in place of https://api-m.sandbox.paypal.com. */
  apiBaseUrl: string;
}

export const PAYPAL_PREFIX = '/paypal';

export function resolvePaypalConfig(publicUrl: string, options: PaypalOptions = {}): PaypalConfig {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    clientId: options.clientId ?? 'emulator-client-id',
    clientSecret: options.clientSecret ?? 'emulator-client-secret',
    webhookId: options.webhookId ?? 'WH-EMULATOR-0001',
    webhookTargetUrl:
      options.webhookTargetUrl === undefined
        ? 'http://localhost:3000/api/webhooks/paypal'
        : options.webhookTargetUrl,
    merchantName: options.merchantName,
    merchantEmail: options.merchantEmail,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 32_400,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? [1000, 3000, 10_000],
    webhookTimeoutMs: options.webhookTimeoutMs ?? 10_000,
    publicUrl: base,
    apiBaseUrl: options.apiBaseUrl?.replace(/\/+$/, '') ?? `${base}${PAYPAL_PREFIX}`,
  };
}
