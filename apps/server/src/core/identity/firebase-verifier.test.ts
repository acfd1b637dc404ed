/**
 * What the verifier asks of the account against the real project, where
 * firebase-admin checks the token's signature only (against the Auth
 * Emulator it looks every account up on its own, which the integration
 * tests cannot tell apart): one raw `accounts:lookup` per proven token,
 * with the service account's token, and a disabled account, a revoked
 * session or a password refused. The answers are Identity Toolkit's own,
 * as it gives them to a service account that may not read password hashes.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFirebaseVerifier,
  InvalidIdTokenError,
  PasswordAccountError,
} from './firebase-verifier';

const auth = {
  verifyIdToken: vi.fn(),
  deleteUser: vi.fn(),
};
vi.mock('firebase-admin/auth', () => ({ getAuth: () => auth }));
// The app's credential: the service account's OAuth2 token, without asking Google for one.
vi.mock('firebase-admin/app', () => ({
  cert: vi.fn(),
  deleteApp: vi.fn(),
  initializeApp: (options: object) => ({
    options: {
      ...options,
      credential: {
        getAccessToken: () => Promise.resolve({ access_token: 'oauth2-token', expires_in: 3600 }),
      },
    },
  }),
}));
const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterAll(() => {
  vi.unstubAllGlobals();
});

const signedInAt = Date.parse('2026-11-27T10:00:00Z') / 1000;
const token = (claims: Record<string, unknown> = {}) => ({
  uid: 'uid-1',
  email: 'Owner@Example.com',
  email_verified: true,
  auth_time: signedInAt,
  ...claims,
});
/** A link-only account as accounts:lookup describes it (no password fields). */
const account = (fields: Record<string, unknown> = {}) => ({
  localId: 'uid-1',
  email: 'owner@example.com',
  emailVerified: true,
  emailLinkSignin: true,
  validSince: String(signedInAt - 60),
  createdAt: String((signedInAt - 60) * 1000),
  providerUserInfo: [{ providerId: 'password', email: 'owner@example.com' }],
  ...fields,
});
/** What Identity Toolkit gives a caller that may not read hashes in place of one. */
const REDACTED_HASH = Buffer.from('REDACTED').toString('base64');
const lookupAnswer = (...users: object[]) =>
  new Response(
    JSON.stringify({
      kind: 'identitytoolkit#GetAccountInfoResponse',
      ...(users.length ? { users } : {}),
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
const lookups = () => fetchMock.mock.calls;

const verifier = createFirebaseVerifier({
  projectId: 'wifi7-workshop-prod',
  webApiKey: 'unused',
  authDomain: 'unused',
  signInMail: 'firebase',
  authEmulatorHost: undefined,
  serviceAccount: undefined,
});

beforeEach(() => {
  vi.resetAllMocks();
  auth.deleteUser.mockResolvedValue(undefined);
});

/** The verdict on a proven token whose account looks up as `answer`. */
function verifyWith(answer: Response) {
  auth.verifyIdToken.mockResolvedValue(token());
  fetchMock.mockResolvedValue(answer);
  return verifier.verify('id-token');
}

describe('the Firebase verifier against the real project', () => {
  it('accepts a proven link sign-in after one look-up of its account', async () => {
    await expect(verifyWith(lookupAnswer(account()))).resolves.toEqual({
      uid: 'uid-1',
      email: 'owner@example.com',
      emailVerified: true,
    });
    expect(lookups()).toHaveLength(1);
    const [url, init] = lookups()[0] ?? [];
    expect(url).toBe(
      'https://identitytoolkit.googleapis.com/v1/projects/wifi7-workshop-prod/accounts:lookup',
    );
    expect(init).toMatchObject({
      method: 'POST',
      headers: { authorization: 'Bearer oauth2-token' },
      body: JSON.stringify({ localId: ['uid-1'] }),
    });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(auth.deleteUser).not.toHaveBeenCalled();
  });

  it('looks no account up for an unproven address (refused anyway)', async () => {
    auth.verifyIdToken.mockResolvedValue(token({ email_verified: false }));
    await expect(verifier.verify('id-token')).resolves.toMatchObject({ emailVerified: false });
    expect(lookups()).toHaveLength(0);
  });

  it.each([
    ['a disabled account', lookupAnswer(account({ disabled: true })), 'auth/user-disabled'],
    [
      'a session revoked after it began',
      lookupAnswer(account({ validSince: String(signedInAt + 1) })),
      'auth/id-token-revoked',
    ],
    ['a deleted account', lookupAnswer(), 'auth/user-not-found'],
    [
      'when the look-up fails',
      new Response('{"error":{"code":503}}', { status: 503 }),
      'auth/account-lookup-failed',
    ],
    [
      'when the look-up answers in another shape',
      lookupAnswer(account({ disabled: 'no' })),
      'auth/account-lookup-failed',
    ],
  ])('refuses %s', async (_case, answer, code) => {
    await expect(verifyWith(answer)).rejects.toEqual(
      expect.objectContaining({ name: InvalidIdTokenError.name, code }),
    );
    expect(auth.deleteUser).not.toHaveBeenCalled();
  });

  it.each([
    [
      'its hash redacted (the service account may not read hashes)',
      { passwordHash: REDACTED_HASH, salt: '', passwordUpdatedAt: (signedInAt - 30) * 1000 },
    ],
    [
      'its hash readable',
      { passwordHash: 'c2NyeXB0', salt: 'c2FsdA==', passwordUpdatedAt: (signedInAt - 30) * 1000 },
    ],
    ['only its password time', { passwordUpdatedAt: (signedInAt - 30) * 1000 }],
  ])('refuses an account with a password, %s, and deletes it', async (_case, password) => {
    const refusal = verifyWith(lookupAnswer(account({ emailLinkSignin: undefined, ...password })));
    await expect(refusal).rejects.toBeInstanceOf(PasswordAccountError);
    await expect(refusal).rejects.toMatchObject({ uid: 'uid-1', deleted: true });
    expect(auth.deleteUser).toHaveBeenCalledWith('uid-1');
  });

  it('still refuses it when the deletion fails, and says so', async () => {
    auth.deleteUser.mockRejectedValue(new Error('permission denied'));
    const refusal = verifyWith(
      lookupAnswer(account({ passwordHash: REDACTED_HASH, passwordUpdatedAt: signedInAt * 1000 })),
    );
    await expect(refusal).rejects.toMatchObject({ deleted: false });
  });
});
