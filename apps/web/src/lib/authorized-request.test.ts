import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type RecordedRequest } from '../testing/fake-api';
import * as firebase from '../testing/firebase-mock';
import { authorizedRequest, NotSignedInError } from './authorized-request';

vi.mock('./firebase', () => import('../testing/firebase-mock'));

let requests: RecordedRequest[];
const apiCalls = () => requests.filter((r) => !r.url.startsWith('/api/web-logs/'));

function signedInUser(secondsLeft: number, refresh: () => Promise<string>) {
  const user = {
    uid: 'uid-1',
    getIdTokenResult: vi.fn(async () => ({
      token: 'current-token',
      expirationTime: new Date(Date.now() + secondsLeft * 1000).toUTCString(),
    })),
    getIdToken: vi.fn(refresh),
  };
  firebase.fakeAuth.currentUser = user;
  return user;
}

beforeEach(() => {
  firebase.resetFirebaseMock();
  requests = installFakeApi(() => ({ status: 200, data: { ok: true } }));
});

describe('authorized requests', () => {
  it('send the current ID token as a bearer token while it has time left', async () => {
    const user = signedInUser(3000, async () => 'refreshed-token');
    await expect(authorizedRequest({ method: 'GET', url: '/api/secure' })).resolves.toEqual({
      ok: true,
    });
    expect(apiCalls()[0]!.headers.Authorization).toBe('Bearer current-token');
    expect(user.getIdToken).not.toHaveBeenCalled();
  });

  it('refresh a token that expires within 600 s first', async () => {
    const user = signedInUser(120, async () => 'refreshed-token');
    await authorizedRequest({ method: 'POST', url: '/api/secure', data: { a: 1 } });
    expect(user.getIdToken).toHaveBeenCalledWith(true);
    expect(apiCalls()[0]!.headers.Authorization).toBe('Bearer refreshed-token');
  });

  it('toast and throw "Unable to refresh token." when the refresh fails', async () => {
    const toastError = vi.spyOn(toast, 'error');
    signedInUser(-5, async () => {
      throw new Error('network down');
    });
    await expect(authorizedRequest({ method: 'GET', url: '/api/secure' })).rejects.toThrow(
      'Unable to refresh token.',
    );
    // The toast library arrives with the first toast, so the toast follows a moment later.
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Unable to refresh token.'));
    expect(apiCalls()).toHaveLength(0);
  });

  it('refuse to run without a signed-in user', async () => {
    await expect(authorizedRequest({ method: 'GET', url: '/api/secure' })).rejects.toBeInstanceOf(
      NotSignedInError,
    );
    expect(apiCalls()).toHaveLength(0);
  });

  it('validate the reply with the given schema and report bad statuses', async () => {
    signedInUser(3000, async () => 'unused');
    const schema = { parse: (data: unknown) => ({ checked: data }) };
    await expect(authorizedRequest({ url: '/api/secure' }, schema)).resolves.toEqual({
      checked: { ok: true },
    });
    requests = installFakeApi(() => ({ status: 401 }));
    await expect(authorizedRequest({ url: '/api/secure' })).rejects.toThrow(
      'Request failed with status 401',
    );
  });
});

describe('a session whose account the server closed', () => {
  it('ends, and the person reads why and signs in again', async () => {
    const toastError = vi.spyOn(toast, 'error');
    signedInUser(3000, async () => 'unused');
    const message =
      'This account had a password, which this site never offers, so we have closed it. Sign in again with the link we e-mail you.';
    requests = installFakeApi(() => ({
      status: 403,
      data: { statusCode: 403, error: 'Forbidden', message, reason: 'account-closed' },
    }));
    await expect(authorizedRequest({ url: '/api/secure' })).rejects.toThrow(
      'Request failed with status 403',
    );
    expect(firebase.signOut).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(message, expect.objectContaining({ duration: 7000 })),
    );
  });

  it('is not ended by any other refusal', async () => {
    signedInUser(3000, async () => 'unused');
    requests = installFakeApi(() => ({
      status: 403,
      data: { statusCode: 403, error: 'Forbidden', message: 'This is for the seller only.' },
    }));
    await expect(authorizedRequest({ url: '/api/secure' })).rejects.toThrow();
    expect(firebase.signOut).not.toHaveBeenCalled();
  });
});
