/**
 * Rate-limit buckets per signed-in user where a bearer token is present
 * (buyers behind one office NAT must not share a limit), per client address
 * otherwise. The token is only decoded here, not verified: a forged one
 * buys its own bucket and is then refused by authentication.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * A client's network: an IPv4 address as it is, an IPv6 one by its /64 (one
 * subscriber usually gets a whole /64), as @fastify/rate-limit keys it.
 */
export const networkOf = (ip: string): string => (ip.includes(':') ? normalizeIP(ip) : ip);

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
