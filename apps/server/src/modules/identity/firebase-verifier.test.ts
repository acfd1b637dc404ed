/**
 * What the verifier asks of the account against the real project, where
 * firebase-admin checks the token's signature only (against the Auth
 * Emulator it looks every account up on its own, which the integration
 * tests cannot tell apart): one look-up per proven token, and a disabled
 * account, a revoked session or a password refused.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFirebaseVerifier,
  InvalidIdTokenError,
  PasswordAccountError,
} from './firebase-verifier';

const auth = {
  verifyIdToken: vi.fn(),
  getUser: vi.fn(),
  deleteUser: vi.fn(),
};
vi.mock('firebase-admin/auth', () => ({ getAuth: () => auth }));

const signedInAt = Date.parse('2026-11-27T10:00:00Z') / 1000;
const token = (claims: Record<string, unknown> = {}) => ({
  uid: 'uid-1',
  email: 'Owner@Example.com',
  email_verified: true,
  auth_time: signedInAt,
  ...claims,
});
const account = (fields: Record<string, unknown> = {}) => ({
  uid: 'uid-1',
  disabled: false,
  tokensValidAfterTime: new Date((signedInAt - 60) * 1000).toUTCString(),
  passwordHash: undefined,
  ...fields,
});

const verifier = createFirebaseVerifier({
  projectId: 'wifi7-workshop-prod',
  webApiKey: 'unused',
  authDomain: 'unused',
  authEmulatorHost: undefined,
  serviceAccount: undefined,
});

beforeEach(() => {
  vi.resetAllMocks();
  auth.deleteUser.mockResolvedValue(undefined);
});

describe('the Firebase verifier against the real project', () => {
  it('accepts a proven link sign-in after one look-up of its account', async () => {
    auth.verifyIdToken.mockResolvedValue(token());
    auth.getUser.mockResolvedValue(account());
    await expect(verifier.verify('id-token')).resolves.toEqual({
      uid: 'uid-1',
      email: 'owner@example.com',
      emailVerified: true,
    });
    expect(auth.getUser).toHaveBeenCalledTimes(1);
    expect(auth.deleteUser).not.toHaveBeenCalled();
  });

  it('looks no account up for an unproven address (refused anyway)', async () => {
    auth.verifyIdToken.mockResolvedValue(token({ email_verified: false }));
    await expect(verifier.verify('id-token')).resolves.toMatchObject({ emailVerified: false });
    expect(auth.getUser).not.toHaveBeenCalled();
  });

  it.each([
    ['a disabled account', account({ disabled: true }), 'auth/user-disabled'],
    [
      'a session revoked after it began',
      account({ tokensValidAfterTime: new Date((signedInAt + 1) * 1000).toUTCString() }),
      'auth/id-token-revoked',
    ],
  ])('refuses %s', async (_case, found, code) => {
    auth.verifyIdToken.mockResolvedValue(token());
    auth.getUser.mockResolvedValue(found);
    await expect(verifier.verify('id-token')).rejects.toEqual(
      expect.objectContaining({ name: InvalidIdTokenError.name, code }),
    );
  });

  it('refuses a deleted account', async () => {
    auth.verifyIdToken.mockResolvedValue(token());
    auth.getUser.mockRejectedValue(
      Object.assign(new Error('gone'), { code: 'auth/user-not-found' }),
    );
    await expect(verifier.verify('id-token')).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
  });

  it('refuses an account with a password and deletes it', async () => {
    auth.verifyIdToken.mockResolvedValue(token());
    auth.getUser.mockResolvedValue(account({ passwordHash: 'c2NyeXB0' }));
    const refusal = verifier.verify('id-token');
    await expect(refusal).rejects.toBeInstanceOf(PasswordAccountError);
    await expect(refusal).rejects.toMatchObject({ uid: 'uid-1', deleted: true });
    expect(auth.deleteUser).toHaveBeenCalledWith('uid-1');
  });

  it('still refuses it when the deletion fails, and says so', async () => {
    auth.verifyIdToken.mockResolvedValue(token());
    auth.getUser.mockResolvedValue(account({ passwordHash: 'c2NyeXB0' }));
    auth.deleteUser.mockRejectedValue(new Error('permission denied'));
    await expect(verifier.verify('id-token')).rejects.toMatchObject({ deleted: false });
  });
});
