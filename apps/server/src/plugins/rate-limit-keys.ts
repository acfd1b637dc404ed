/**
 * Rate-limit buckets per signed-in user where a bearer token is present
 * (buyers behind one office NAT must not share a limit), per client address
 * otherwise. The token is only decoded here, not verified: a forged one
 * buys its own bucket and is then refused by authentication.
 */
import type { FastifyRequest } from 'fastify';

export function userOrAddressKey(request: FastifyRequest): string {
  const match = /^Bearer\s+[^.\s]+\.([^.\s]+)\.[^.\s]*$/i.exec(request.headers.authorization ?? '');
  if (match?.[1]) {
    try {
      const payload = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as {
        sub?: unknown;
      };
      if (typeof payload.sub === 'string' && payload.sub.length > 0 && payload.sub.length <= 128) {
        return `user:${payload.sub}`;
      }
    } catch {
      // Not a JWT: fall back to the address.
    }
  }
  return `ip:${request.ip}`;
}
