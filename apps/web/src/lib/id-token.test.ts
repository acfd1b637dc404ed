import { describe, expect, it, vi } from 'vitest';
import { getFreshIdToken, needsRefresh, TokenRefreshError } from './id-token';

const NOW = Date.parse('2030-01-01T12:00:00Z');
const seconds = (n: number) => n * 1000;

describe('needsRefresh (600 s before expiry)', () => {
  it('refreshes an expired token', () => {
    expect(needsRefresh(NOW - seconds(1), NOW)).toBe(true);
    expect(needsRefresh(NOW - seconds(3600), NOW)).toBe(true);
  });

  it('refreshes a token expiring within 600 s', () => {
    expect(needsRefresh(NOW + seconds(1), NOW)).toBe(true);
    expect(needsRefresh(NOW + seconds(599), NOW)).toBe(true);
  });

  it('keeps a token with more than 600 s left', () => {
    expect(needsRefresh(NOW + seconds(601), NOW)).toBe(false);
    expect(needsRefresh(NOW + seconds(3600), NOW)).toBe(false);
  });

  it('treats exactly 600 s as within the window, one millisecond more as outside', () => {
    expect(needsRefresh(NOW + seconds(600), NOW)).toBe(true);
    expect(needsRefresh(NOW + seconds(600) + 1, NOW)).toBe(false);
  });

  it('refreshes when the expiry cannot be read', () => {
    expect(needsRefresh(Number.NaN, NOW)).toBe(true);
  });
});

describe('getFreshIdToken', () => {
  const userExpiringIn = (secondsLeft: number) => ({
    getIdTokenResult: vi.fn(async () => ({
      token: 'current-token',
      expirationTime: new Date(NOW + seconds(secondsLeft)).toUTCString(),
    })),
    getIdToken: vi.fn(async (_force?: boolean) => 'refreshed-token'),
  });

  it('returns the current token while it has more than 600 s left', async () => {
    const user = userExpiringIn(1800);
    await expect(getFreshIdToken(user, NOW)).resolves.toBe('current-token');
    expect(user.getIdToken).not.toHaveBeenCalled();
  });

  it('forces a refresh when the token expires soon', async () => {
    const user = userExpiringIn(300);
    await expect(getFreshIdToken(user, NOW)).resolves.toBe('refreshed-token');
    expect(user.getIdToken).toHaveBeenCalledWith(true);
  });

  it('reports a failed refresh as "Unable to refresh token."', async () => {
    const user = userExpiringIn(-10);
    user.getIdToken.mockRejectedValueOnce(new Error('network down'));
    const attempt = getFreshIdToken(user, NOW);
    await expect(attempt).rejects.toBeInstanceOf(TokenRefreshError);
    await expect(attempt).rejects.toThrow('Unable to refresh token.');
  });
});
