/**
 * Verifies Firebase ID tokens with firebase-admin. Against the real project
 * it checks Google's signature; with FIREBASE_AUTH_EMULATOR_HOST set (local
 * use and tests only, and only for a demo- project) it accepts the
 * emulator's unsigned tokens.
 *
 * A token whose address is proven is then checked against the account
 * itself, in one raw look-up (account-lookup.ts; firebase-admin's own
 * revocation check would make a second, and its `getUser` hides a redacted
 * password hash): a deleted account, a disabled one or a revoked session is
 * refused, and so is an account with a password. The site only offers
 * e-mail links, and Firebase names both ways `password` in the token, so a
 * password on the account means someone opened it through Firebase's public
 * API before the owner's first link sign-in verified the address for them
 * both. Such an account is deleted: the password and every session die with
 * it, and the owner's next link sign-in opens a clean one. Deleting beats
 * unlinking the password and revoking the sessions: revocation counts in
 * whole seconds, so a token minted in the same second would outlive it.
 */
import { randomUUID } from 'node:crypto';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import type { Config } from '../../config/env';
import { createAccountLookup } from './account-lookup';

export interface Identity {
  uid: string;
  email: string;
  emailVerified: boolean;
}

export interface IdTokenVerifier {
  verify(idToken: string): Promise<Identity>;
  /**
   * A sign-in link for `email` that opens `continueUrl` (handled in the
   * app), made by Firebase without sending it: the site mails it itself.
   */
  signInLink(email: string, continueUrl: string): Promise<string>;
  close(): Promise<void>;
}

/** The token is not valid, or its account or session is gone: answered 401. */
export class InvalidIdTokenError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'InvalidIdTokenError';
  }
}

/** A valid token for an account with a password: answered 403. */
export class PasswordAccountError extends Error {
  readonly code = 'auth/password-account';
  constructor(
    readonly uid: string,
    /** Whether the account is gone now, so its owner can sign in afresh. */
    readonly deleted: boolean,
  ) {
    super(`The account has a password, which this site never offers (deleted: ${deleted}).`);
    this.name = 'PasswordAccountError';
  }
}

export function createFirebaseVerifier(settings: Config['firebase']): IdTokenVerifier {
  if (settings.authEmulatorHost) {
    // firebase-admin reads the emulator address from the process environment only.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = settings.authEmulatorHost;
  }
  // Looking accounts up and deleting them needs the service account; the emulator needs none.
  const credential =
    settings.serviceAccount && !settings.authEmulatorHost
      ? cert(settings.serviceAccount)
      : undefined;
  // A uniquely named app, so several servers can live in one process (tests).
  const app: App = initializeApp(
    { projectId: settings.projectId, ...(credential ? { credential } : {}) },
    `verifier-${randomUUID()}`,
  );
  const auth = getAuth(app);
  const lookUpAccount = createAccountLookup({
    projectId: settings.projectId,
    authEmulatorHost: settings.authEmulatorHost,
    // firebase-admin puts the application default credential here when none was given.
    credential: app.options.credential,
  });

  /** The account behind a proven token, refused when it may not act. */
  async function checkAccount(decoded: DecodedIdToken): Promise<void> {
    let account;
    try {
      account = await lookUpAccount(decoded.uid);
    } catch (error) {
      // Not known to be gone, but not known to be fit either: refused, and looked up again next time.
      throw new InvalidIdTokenError(
        `The account could not be looked up (${(error as Error).message}).`,
        'auth/account-lookup-failed',
      );
    }
    if (!account) {
      throw new InvalidIdTokenError(
        'The account behind the ID token is gone.',
        'auth/user-not-found',
      );
    }
    if (account.disabled) {
      throw new InvalidIdTokenError('The account is disabled.', 'auth/user-disabled');
    }
    // As firebase-admin's revocation check: sessions signed in before this instant are over.
    if (account.validSinceSeconds !== undefined && decoded.auth_time < account.validSinceSeconds) {
      throw new InvalidIdTokenError('The session was revoked.', 'auth/id-token-revoked');
    }
    if (account.hasPassword) {
      // Refused even if the deletion fails; the next token from it is looked up again.
      const deleted = await auth.deleteUser(decoded.uid).then(
        () => true,
        () => false,
      );
      throw new PasswordAccountError(decoded.uid, deleted);
    }
  }

  return {
    async verify(idToken) {
      let decoded;
      try {
        decoded = await auth.verifyIdToken(idToken);
      } catch (error) {
        throw invalid(error, 'The ID token is not valid.');
      }
      if (!decoded.email) {
        throw new InvalidIdTokenError('The ID token carries no e-mail address.', 'auth/no-email');
      }
      const emailVerified = decoded.email_verified === true;
      // An unproven address is refused anyway: it costs no look-up.
      if (emailVerified) await checkAccount(decoded);
      return { uid: decoded.uid, email: decoded.email.toLowerCase(), emailVerified };
    },
    signInLink: (email, continueUrl) =>
      auth.generateSignInWithEmailLink(email, { url: continueUrl, handleCodeInApp: true }),
    close: () => deleteApp(app),
  };
}

function invalid(error: unknown, message: string): InvalidIdTokenError {
  const code = (error as { code?: string }).code ?? 'auth/invalid-id-token';
  return new InvalidIdTokenError(message, code);
}
