/**
 * One account, looked up as Identity Toolkit stores it (`accounts:lookup`,
 * the call behind firebase-admin's `getUser`), read raw: firebase-admin
 * turns the hash Firebase redacts for a service account that may not read
 * hashes into "no password", so its `UserRecord` cannot tell a password
 * account from a link-only one in production. The raw answer can:
 * `passwordUpdatedAt` is there whenever a password was set, whatever the
 * caller may read of its hash.
 */
import type { Credential } from 'firebase-admin/app';
import { z } from 'zod';
import { withTimeout } from '../../lib/with-timeout';

/** How long one look-up may take; past it the token is refused, to be tried again. */
const ACCOUNT_LOOKUP_TIMEOUT_MS = 5_000;

/** The part of the look-up's answer the verifier reads; no `users` when there is no such account. */
const lookupAnswer = z.object({
  users: z
    .array(
      z.object({
        localId: z.string(),
        disabled: z.boolean().optional(),
        /** Seconds since the epoch (an int64, sent as a string): sessions begun before it are revoked. */
        validSince: z.coerce.number().int().optional(),
        /** Milliseconds since the epoch: present once a password was set. */
        passwordUpdatedAt: z.number().optional(),
        /** The hash, or a redacted stand-in when the caller may not read hashes. */
        passwordHash: z.string().optional(),
      }),
    )
    .optional(),
});

interface Account {
  disabled: boolean;
  /** Sessions that began before this instant (seconds since the epoch) are revoked. */
  validSinceSeconds: number | undefined;
  /** Whether a password was ever set on the account, redacted hash or not. */
  hasPassword: boolean;
}

export interface AccountLookupSettings {
  projectId: string;
  /** host:port of the Auth Emulator, which takes its fixed admin token instead of an OAuth2 one. */
  authEmulatorHost: string | undefined;
  /** The app's credential: the service account against the real project. */
  credential: Credential | undefined;
}

/** Looks one account up; `undefined` when it does not exist. Throws when the look-up fails. */
export type AccountLookup = (uid: string) => Promise<Account | undefined>;

export function createAccountLookup(settings: AccountLookupSettings): AccountLookup {
  const origin = settings.authEmulatorHost
    ? `http://${settings.authEmulatorHost}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  const url = `${origin}/v1/projects/${encodeURIComponent(settings.projectId)}/accounts:lookup`;

  async function bearer(): Promise<string> {
    if (settings.authEmulatorHost) return 'owner';
    if (!settings.credential) throw new Error('No credential to look accounts up with.');
    return (await settings.credential.getAccessToken()).access_token;
  }

  return async (uid) => {
    // One deadline for the whole look-up, the service account's OAuth2 token included
    // (google-auth-library keeps it until it nears expiry, so it is rarely fetched).
    const deadline = AbortSignal.timeout(ACCOUNT_LOOKUP_TIMEOUT_MS);
    const token = await withTimeout(bearer(), ACCOUNT_LOOKUP_TIMEOUT_MS);
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ localId: [uid] }),
      signal: deadline,
      redirect: 'error',
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`accounts:lookup answered ${response.status}`);
    }
    const answer = lookupAnswer.parse(await response.json());
    const user = answer.users?.find((candidate) => candidate.localId === uid);
    if (!user) return undefined;
    return {
      disabled: user.disabled === true,
      validSinceSeconds: user.validSince,
      hasPassword: user.passwordHash !== undefined || user.passwordUpdatedAt !== undefined,
    };
  };
}
