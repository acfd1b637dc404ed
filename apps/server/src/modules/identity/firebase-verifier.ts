/**
 * Verifies Firebase ID tokens with firebase-admin. Against the real project
 * it checks Google's signature; with FIREBASE_AUTH_EMULATOR_HOST set (local
 * use and tests only, and only for a demo- project) it accepts the
 * emulator's unsigned tokens.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Config } from '../../config/env';

export interface Identity {
  uid: string;
  email: string;
  emailVerified: boolean;
}

export interface IdTokenVerifier {
  verify(idToken: string): Promise<Identity>;
  close(): Promise<void>;
}

export class InvalidIdTokenError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'InvalidIdTokenError';
  }
}

export function createFirebaseVerifier(settings: Config['firebase']): IdTokenVerifier {
  if (settings.authEmulatorHost) {
    // firebase-admin reads the emulator address from the process environment only.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = settings.authEmulatorHost;
  }
  // A uniquely named app, so several servers can live in one process (tests).
  const app: App = initializeApp({ projectId: settings.projectId }, `verifier-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      let decoded;
      try {
        decoded = await auth.verifyIdToken(idToken);
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'auth/invalid-id-token';
        throw new InvalidIdTokenError('The ID token is not valid.', code);
      }
      if (!decoded.email) {
        throw new InvalidIdTokenError('The ID token carries no e-mail address.', 'auth/no-email');
      }
      return {
        uid: decoded.uid,
        email: decoded.email.toLowerCase(),
        emailVerified: decoded.email_verified === true,
      };
    },
    close: () => deleteApp(app),
  };
}
