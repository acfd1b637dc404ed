/**
 * Zoho's accounts server, as far as a server-side client meets it: a
 * refresh token (with the client id and secret) buys an access token that
 * lives `expires_in` seconds and carries the refresh token's scopes. Books
 * and Payments each have their own refresh token here, so a Books token is
 * refused by Payments and the other way round.
 *
 * Zoho's limits are enforced because they catch a real regression (a
 * server that stops caching its token): a refresh token mints at most 10
 * access tokens in any 10 minutes, and at most 30 of its access tokens are
 * alive at once (a new one revokes the oldest). Refusals come the way Zoho
 * sends them: HTTP 200 with `{"error": "invalid_code"}` and the like, and
 * HTTP 400 "Access Denied" for too many refreshes.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';
import type { ZohoConfig } from './config';
import { accessToken } from './ids';

export type ZohoProduct = 'books' | 'payments';

export const SCOPES: Record<ZohoProduct, readonly string[]> = {
  books: ['ZohoBooks.contacts.READ', 'ZohoBooks.contacts.CREATE'],
  payments: [
    'ZohoPay.payments.CREATE',
    'ZohoPay.payments.READ',
    'ZohoPay.payments.UPDATE',
    'ZohoPay.refunds.CREATE',
  ],
};

/** The window of Zoho's limit on minting (10 access tokens by default, `tokenMintLimit`). */
export const MINT_WINDOW_MS = 10 * 60_000;
/** Live access tokens per refresh token. */
export const MAX_LIVE_TOKENS = 30;

export interface TokenGrant {
  access_token: string;
  scope: string;
  api_domain: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface OAuthRefusal {
  error: string;
  error_description?: string;
}

export type TokenAnswer =
  { status: 200; body: TokenGrant } | { status: 200 | 400; body: OAuthRefusal };

export type TokenCheck = 'ok' | 'invalid' | 'scope';

export interface TokenCount {
  product: ZohoProduct;
  /** The last characters only: enough to tell which one, never the secret. */
  refreshToken: string;
  /** Access tokens minted since start or reset. */
  issued: number;
  /** Of those, minted in the last 10 minutes (Zoho's limit is 10). */
  issuedInWindow: number;
  /** How many the window allows. */
  limit: number;
  /** Neither expired nor revoked. */
  live: number;
  /** Refreshes refused with "Access Denied" because of the limit. */
  refused: number;
}

interface LiveToken {
  product: ZohoProduct;
  scopes: readonly string[];
  expiresAt: number;
}

interface Usage {
  mintedAt: number[];
  issued: number;
  refused: number;
  /** Access tokens of this refresh token, oldest first. */
  tokens: string[];
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const refusal = (error: string): TokenAnswer => ({ status: 200, body: { error } });

export class ZohoTokenIssuer {
  private readonly tokens = new Map<string, LiveToken>();
  private readonly usage = new Map<ZohoProduct, Usage>();

  constructor(
    private readonly config: ZohoConfig,
    private readonly clock: Clock,
  ) {}

  /** `POST /oauth/v2/token` with its parameters (form body or query, merged). */
  refresh(params: Record<string, string | undefined>): TokenAnswer {
    if (params.grant_type !== 'refresh_token') return refusal('unsupported_grant_type');
    if (!params.client_id || !sameText(params.client_id, this.config.clientId))
      return refusal('invalid_client');
    if (!params.client_secret || !sameText(params.client_secret, this.config.clientSecret))
      return refusal('invalid_client');
    const product = this.productOf(params.refresh_token);
    if (!product) return refusal('invalid_code');

    const now = this.clock();
    const usage = this.usageOf(product);
    usage.mintedAt = usage.mintedAt.filter((at) => at > now - MINT_WINDOW_MS);
    if (usage.mintedAt.length >= this.config.tokenMintLimit) {
      usage.refused += 1;
      return {
        status: 400,
        body: {
          error: 'Access Denied',
          error_description:
            'You have made too many requests continuously. Please try again after some time.',
        },
      };
    }
    usage.mintedAt.push(now);
    usage.issued += 1;

    const token = accessToken();
    this.tokens.set(token, {
      product,
      scopes: SCOPES[product],
      expiresAt: now + this.config.tokenTtlSeconds * 1000,
    });
    usage.tokens.push(token);
    this.forgetDead(usage, now);
    while (usage.tokens.length > MAX_LIVE_TOKENS) {
      const oldest = usage.tokens.shift();
      if (oldest) this.tokens.delete(oldest);
    }
    return {
      status: 200,
      body: {
        access_token: token,
        scope: SCOPES[product].join(' '),
        api_domain: this.config.apiDomain,
        token_type: 'Bearer',
        expires_in: this.config.tokenTtlSeconds,
      },
    };
  }

  /** Whether `Zoho-oauthtoken <token>` is live and carries the scope. */
  check(authorization: string | undefined, scope: string): TokenCheck {
    const match = /^Zoho-oauthtoken\s+(\S+)$/i.exec(authorization?.trim() ?? '');
    const token = match?.[1];
    if (!token) return 'invalid';
    const live = this.tokens.get(token);
    if (!live) return 'invalid';
    if (this.clock() >= live.expiresAt) {
      this.tokens.delete(token);
      return 'invalid';
    }
    return live.scopes.includes(scope) ? 'ok' : 'scope';
  }

  counts(): TokenCount[] {
    const now = this.clock();
    return (['books', 'payments'] as const).map((product) => {
      const usage = this.usageOf(product);
      this.forgetDead(usage, now);
      const refreshToken =
        product === 'books' ? this.config.booksRefreshToken : this.config.paymentsRefreshToken;
      return {
        product,
        refreshToken: `…${refreshToken.slice(-4)}`,
        issued: usage.issued,
        issuedInWindow: usage.mintedAt.filter((at) => at > now - MINT_WINDOW_MS).length,
        limit: this.config.tokenMintLimit,
        live: usage.tokens.length,
        refused: usage.refused,
      };
    });
  }

  clear(): void {
    this.tokens.clear();
    this.usage.clear();
  }

  private productOf(refreshToken: string | undefined): ZohoProduct | undefined {
    if (!refreshToken) return undefined;
    if (sameText(refreshToken, this.config.booksRefreshToken)) return 'books';
    if (sameText(refreshToken, this.config.paymentsRefreshToken)) return 'payments';
    return undefined;
  }

  private usageOf(product: ZohoProduct): Usage {
    let usage = this.usage.get(product);
    if (!usage) {
      usage = { mintedAt: [], issued: 0, refused: 0, tokens: [] };
      this.usage.set(product, usage);
    }
    return usage;
  }

  /** Drops expired tokens so they neither count as live nor linger in memory. */
  private forgetDead(usage: Usage, now: number): void {
    usage.tokens = usage.tokens.filter((token) => {
      const live = this.tokens.get(token);
      if (live && now < live.expiresAt) return true;
      this.tokens.delete(token);
      return false;
    });
  }
}
