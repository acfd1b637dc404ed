/**
 * Rate-limit buckets per signed-in user where a bearer token is present
 * (buyers behind one office NAT must not share a limit), per client address
 * otherwise. The token is only decoded here, not verified: a forged one
 * buys its own bucket and is then refused by authentication.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { parseJsonObject } from '../../lib/json-object';

/**
 * A client's network: an IPv4 address as it is, an IPv6 one by its /64 (one
 * subscriber usually gets a whole /64), as @fastify/rate-limit keys it.
 */
export const networkOf = (ip: string): string => (ip.includes(':') ? normalizeIP(ip) : ip);

export function userOrAddressKey(request: FastifyRequest): string {
  const match = /^Bearer\s+([^.\s]+\.[^.\s]+\.[^.\s]*)$/i.exec(request.headers.authorization ?? '');
  // Not a JWT, or one that names no user: the address is the key.
  const sub = match?.[1] ? claimsOf(match[1])?.sub : undefined;
  if (typeof sub === 'string' && sub.length > 0 && sub.length <= 128) return `user:${sub}`;
  return `ip:${request.ip}`;
}

/** The claims of a JWT as it is written, not verified; `undefined` when it has none. */
export function claimsOf(token: string): Record<string, unknown> | undefined {
  return parseJsonObject(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}
