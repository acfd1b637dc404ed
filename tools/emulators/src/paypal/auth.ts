/**
 * OAuth 2.0 client credentials as PayPal runs them: the app's client id and
 * secret in a Basic header buy an opaque bearer token that expires after
 * `expires_in` seconds; every API call must carry a live one.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import { rfc3339 } from '../clock';
import { PaypalError } from './errors';
import { accessToken } from './ids';

/** The scopes PayPal grants an app with invoicing, payments (refunds) and webhooks enabled. */
const SCOPES = [
  'https://uri.paypal.com/services/invoicing',
  'https://uri.paypal.com/services/invoicing/invoices/read',
  'https://uri.paypal.com/services/invoicing/invoices/readwrite',
  'https://uri.paypal.com/services/payments/refund',
  'https://uri.paypal.com/services/applications/webhooks',
  'https://uri.paypal.com/services/applications/verify-webhook-signature',
  'openid',
].join(' ');

export const APP_ID = 'APP-80W284485P519543T';

export interface TokenResponse {
  scope: string;
  access_token: string;
  token_type: 'Bearer';
  app_id: string;
  expires_in: number;
  nonce: string;
}

export interface TokenSettings {
  clientId: string;
  clientSecret: string;
  tokenTtlSeconds: number;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export class TokenIssuer {
  /** access token → expiry (ms since epoch). */
  private readonly tokens = new Map<string, number>();

  constructor(
    private readonly settings: TokenSettings,
    private readonly clock: Clock,
  ) {}

  /** True for a `Basic` header with the app's client id and secret. */
  authenticatesClient(authorization: string | undefined): boolean {
    const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) return false;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    return (
      sameText(decoded.slice(0, colon), this.settings.clientId) &&
      sameText(decoded.slice(colon + 1), this.settings.clientSecret)
    );
  }

  issue(): TokenResponse {
    const now = this.clock();
    const token = accessToken();
    this.tokens.set(token, now + this.settings.tokenTtlSeconds * 1000);
    return {
      scope: SCOPES,
      access_token: token,
      token_type: 'Bearer',
      app_id: APP_ID,
      expires_in: this.settings.tokenTtlSeconds,
      nonce: `${rfc3339(now)}${token.slice(-12)}`,
    };
  }

  /** True for `Bearer <token>` with a token issued here and not yet expired. */
  accepts(authorization: string | undefined): boolean {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) return false;
    const expiresAt = this.tokens.get(match[1]);
    if (expiresAt === undefined) return false;
    if (this.clock() >= expiresAt) {
      this.tokens.delete(match[1]);
      return false;
    }
    return true;
  }

  clear(): void {
    this.tokens.clear();
  }
}

/** A preHandler for the REST API: without a live bearer token, 401 AUTHENTICATION_FAILURE. */
export function requireBearerToken(tokens: TokenIssuer) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!tokens.accepts(request.headers.authorization)) throw new PaypalError(401);
  };
}
