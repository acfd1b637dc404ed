import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authorizationOf } from './request-log';

const withAuthorization = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as FastifyRequest;

describe('authorizationOf', () => {
  const known = ['Zoho-oauthtoken', 'Bearer'];

  it('names a known scheme as it is spelt in the list, whatever its case', () => {
    expect(authorizationOf(withAuthorization('zoho-OAUTHTOKEN 1000.abc'), known)).toEqual({
      present: true,
      scheme: 'Zoho-oauthtoken',
    });
    expect(authorizationOf(withAuthorization('Bearer\tabc'), known).scheme).toBe('Bearer');
  });

  it('says "other" for an unknown scheme or a bare credential, never the value', () => {
    expect(authorizationOf(withAuthorization('Basic YTpi'), known).scheme).toBe('other');
    expect(authorizationOf(withAuthorization('Bearer'), known).scheme).toBe('other');
    expect(authorizationOf(withAuthorization('secret-token'), known).scheme).toBe('other');
  });

  it('tells an absent header from an empty one', () => {
    expect(authorizationOf(withAuthorization(), known)).toEqual({ present: false, scheme: null });
    expect(authorizationOf(withAuthorization(''), known)).toEqual({ present: true, scheme: null });
  });
});
