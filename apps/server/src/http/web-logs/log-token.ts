/**
 * Short-lived tokens that let a browser push log lines. A token is signed
 * with HMAC-SHA256 over its expiry and id, so any server instance that has
 * the secret can check it; nothing is kept in memory or in the database.
 *
 * Format: `v1.<expires at, unix seconds>.<random id>.<signature>`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const LOG_TOKEN_LIFETIME_SECONDS = 300;

export interface IssuedLogToken {
  token: string;
  expiresInSeconds: number;
}

export type LogTokenCheck =
  | { valid: true; tokenId: string }
  | { valid: false; reason: 'malformed' | 'bad-signature' | 'expired' };

export function issueLogToken(secret: string, nowMs = Date.now()): IssuedLogToken {
  const expiresAt = Math.floor(nowMs / 1000) + LOG_TOKEN_LIFETIME_SECONDS;
  const tokenId = randomBytes(12).toString('base64url');
  const body = `v1.${expiresAt}.${tokenId}`;
  return { token: `${body}.${sign(secret, body)}`, expiresInSeconds: LOG_TOKEN_LIFETIME_SECONDS };
}

export function checkLogToken(secret: string, token: string, nowMs = Date.now()): LogTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return { valid: false, reason: 'malformed' };
  const [version, expiresAtText, tokenId, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(secret, `${version}.${expiresAtText}.${tokenId}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, reason: 'bad-signature' };
  }
  const expiresAt = Number(expiresAtText);
  if (!Number.isInteger(expiresAt) || expiresAt * 1000 <= nowMs) {
    return { valid: false, reason: 'expired' };
  }
  return { valid: true, tokenId };
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}
