import { describe, expect, it } from 'vitest';
import { checkLogToken, issueLogToken, LOG_TOKEN_LIFETIME_SECONDS } from './log-token';

const secret = 'a-secret-that-is-long-enough-for-tests';

describe('log tokens', () => {
  it('verifies its own tokens until they expire', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    const { token } = issueLogToken(secret, now);
    expect(checkLogToken(secret, token, now)).toMatchObject({ valid: true });
    expect(checkLogToken(secret, token, now + (LOG_TOKEN_LIFETIME_SECONDS - 1) * 1000).valid).toBe(
      true,
    );
    expect(checkLogToken(secret, token, now + LOG_TOKEN_LIFETIME_SECONDS * 1000)).toEqual({
      valid: false,
      reason: 'expired',
    });
  });

  it('rejects tampering and other secrets', () => {
    const { token } = issueLogToken(secret);
    const [version, , id, signature] = token.split('.');
    const extended = `${version}.${Math.floor(Date.now() / 1000) + 99_999}.${id}.${signature}`;
    expect(checkLogToken(secret, extended)).toEqual({ valid: false, reason: 'bad-signature' });
    expect(checkLogToken('another-secret-another-secret', token).valid).toBe(false);
    expect(checkLogToken(secret, 'garbage')).toEqual({ valid: false, reason: 'malformed' });
  });
});
