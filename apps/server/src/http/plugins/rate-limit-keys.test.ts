import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { userOrAddressKey } from './rate-limit-keys';

const request = (authorization?: string) =>
  ({
    ip: '203.0.113.9',
    headers: authorization ? { authorization } : {},
  }) as unknown as FastifyRequest;
const jwt = (payload: object) =>
  `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;

describe('userOrAddressKey', () => {
  it('buckets by the token subject when a bearer JWT is present', () => {
    expect(userOrAddressKey(request(`Bearer ${jwt({ sub: 'uid-42' })}`))).toBe('user:uid-42');
  });

  it('falls back to the client address otherwise', () => {
    expect(userOrAddressKey(request())).toBe('ip:203.0.113.9');
    expect(userOrAddressKey(request('Bearer not-a-jwt'))).toBe('ip:203.0.113.9');
    expect(userOrAddressKey(request(`Bearer ${jwt({ email: 'x' })}`))).toBe('ip:203.0.113.9');
  });
});
