/**
 * Passwordless sign-in by e-mail link (spec section 4, "Sign-in"), and logout.
 */
import { apiRoutes, normalizeEmail } from '@wifi7/contract';
import { getPublicConfig } from '../../../config/public-config';
import { sendRequest } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { loadFirebase } from '../../../lib/load-firebase';
import { schemaOf } from '../../../lib/schema-loader';
import { mayBeSignInLink, sessionHint } from '../../../lib/session-hint';
import { rememberedEmail } from '../stores/remembered-email';
import { toAuthUser, useAuthStore, type AuthUser } from '../stores/auth-store';
import { SignInYieldedNoUserError } from '../sign-in-errors';
import { authLog } from './auth-log';

/** Where the link sends the visitor back to: this site's workshop page. */
export function signInContinueUrl(origin = window.location.origin): string {
  return origin + paths.workshop;
}

/** A link on its way: to which address, and in how many seconds another may be asked for. */
export interface SentLink {
  email: string;
  nextInSeconds: number;
}

/**
 * Sends a sign-in link to the (normalised) address and remembers the address
 * for completing the sign-in in this browser. Firebase sends it, or the
 * site does from the seller's own address (`signInMail`), within limits
 * that may refuse it with a wait in words (a 429 carrying the server's).
 */
export async function requestSignInLink(rawEmail: string): Promise<SentLink> {
  const email = (await schemaOf('emailSchema')()).parse(rawEmail);
  let nextInSeconds = 0;
  try {
    if (getPublicConfig().firebase.signInMail === 'site') {
      const sent = await sendRequest(
        { method: 'POST', url: apiRoutes.signInLink, data: { email } },
        schemaOf('signInLinkResponseSchema'),
      );
      nextInSeconds = sent.nextInSeconds;
    } else {
      const { getFirebaseAuth, sendSignInLinkToEmail } = await loadFirebase();
      await sendSignInLinkToEmail(getFirebaseAuth(), email, {
        url: signInContinueUrl(),
        handleCodeInApp: true,
      });
    }
  } catch (error) {
    authLog.linkRequestFailed(error);
    throw error;
  }
  rememberedEmail.set(email);
  authLog.linkRequested();
  return { email, nextInSeconds };
}

/**
 * Starts fetching what sending needs when the visitor is about to ask for a
 * link, so sending is quick: the address check, and the SDK where Firebase
 * sends the links.
 */
export function prepareSignIn(): void {
  schemaOf('emailSchema')().catch(() => undefined);
  if (getPublicConfig().firebase.signInMail !== 'site') loadFirebase().catch(() => undefined);
}

/** Whether `href` is a Firebase e-mail sign-in link (mode=signIn with a one-time code). */
export async function isSignInLink(href: string): Promise<boolean> {
  // Most visits carry no link: they need not download the SDK to learn that.
  if (!mayBeSignInLink(href)) return false;
  const { getFirebaseAuth, isSignInWithEmailLink } = await loadFirebase();
  return isSignInWithEmailLink(getFirebaseAuth(), href);
}

/**
 * Completes the sign-in with the address and the link's one-time code. The
 * remembered address is removed whatever the outcome: a used or failed link
 * cannot be completed again, and a fresh link stores it anew.
 */
export async function completeSignInWithLink(rawEmail: string, href: string): Promise<AuthUser> {
  const { userChanged, failed } = useAuthStore.getState();
  try {
    const { getFirebaseAuth, signInWithEmailLink } = await loadFirebase();
    const credential = await signInWithEmailLink(getFirebaseAuth(), normalizeEmail(rawEmail), href);
    // Typed as always present, but a missing user must not pass as success.
    if (!credential?.user) throw new SignInYieldedNoUserError();
    const user = toAuthUser(credential.user);
    sessionHint.set(true);
    userChanged(user);
    authLog.signInCompleted(user.uid);
    return user;
  } catch (error) {
    authLog.signInFailed(error);
    failed(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    rememberedEmail.clear();
  }
}

/** Forgets the remembered address and ends the Firebase session. */
export async function signOutUser(): Promise<void> {
  const uid = useAuthStore.getState().user?.uid;
  rememberedEmail.clear();
  try {
    const { getFirebaseAuth, signOut } = await loadFirebase();
    await signOut(getFirebaseAuth());
  } catch (error) {
    authLog.logoutFailed(error);
    throw error;
  }
  authLog.loggedOut(uid);
}
