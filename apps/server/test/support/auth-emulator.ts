/**
 * Real ID tokens from the Firebase Auth Emulator, obtained through the same
 * e-mail-link flow the web app uses (send a link, take its code, sign in
 * with it), and, for the refusals, from an e-mail/password
 * account whose address was never proven, or one opened with a password
 * before its owner's first link sign-in. `firebase emulators:exec` sets
 * FIREBASE_AUTH_EMULATOR_HOST for the test run.
 */
export const TEST_PROJECT_ID = 'demo-wifi7-workshop';

export function authEmulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set: run the integration tests through `npm run check` ' +
        '(or `firebase emulators:exec --only auth --project demo-wifi7-workshop "npm run test:integration"`).',
    );
  }
  return host;
}

const identityToolkit = (method: string) =>
  `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test-api-key`;

/**
 * The emulator closes an idle keep-alive connection after a few seconds; a
 * request that raced that close on a reused connection never reached it,
 * so it is sent once more on a new one.
 */
async function fetchOnce(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

async function post<T>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetchOnce(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok)
    throw new Error(`Auth Emulator ${url}: ${json.error?.message ?? response.status}`);
  return json;
}

export async function signInWithEmailLink(
  email: string,
): Promise<{ idToken: string; uid: string }> {
  // Asked with the emulator's admin token, the emulator answers with the code
  // it made for this request: suites that sign in the same address at the
  // same time (a seller, say) each follow their own link, not the newest.
  const { oobCode } = await post<{ oobCode?: string }>(
    identityToolkit('sendOobCode'),
    {
      requestType: 'EMAIL_SIGNIN',
      email,
      continueUrl: 'http://localhost:3100/wifi7-workshop',
      canHandleCodeInApp: true,
      returnOobLink: true,
    },
    { authorization: 'Bearer owner' },
  );
  if (!oobCode) throw new Error(`No sign-in code for ${email}`);
  const signedIn = await post<{ idToken: string; localId: string }>(
    identityToolkit('signInWithEmailLink'),
    { email, oobCode },
  );
  return { idToken: signedIn.idToken, uid: signedIn.localId };
}

/**
 * A new e-mail/password account: Firebase issues its ID token at once, with
 * `email_verified: false`, since nobody has proven the address. Anyone can
 * make one for any address when the provider is enabled.
 */
export async function signUpWithPassword(
  email: string,
  password = 'not-a-proof-of-anything',
): Promise<{ idToken: string; uid: string }> {
  const signedUp = await post<{ idToken: string; localId: string }>(identityToolkit('signUp'), {
    email,
    password,
    returnSecureToken: true,
  });
  return { idToken: signedUp.idToken, uid: signedUp.localId };
}

/** A password sign-in, as anyone who knows the password can make through Firebase's public API. */
export async function signInWithPassword(
  email: string,
  password: string,
): Promise<{ idToken: string; refreshToken: string; uid: string }> {
  const signedIn = await post<{ idToken: string; refreshToken: string; localId: string }>(
    identityToolkit('signInWithPassword'),
    { email, password, returnSecureToken: true },
  );
  return { idToken: signedIn.idToken, refreshToken: signedIn.refreshToken, uid: signedIn.localId };
}

/** A new ID token for a session, as the browser's SDK asks for one each hour. */
export async function refreshIdToken(refreshToken: string): Promise<{ idToken: string }> {
  const refreshed = await post<{ id_token: string }>(
    `http://${authEmulatorHost()}/securetoken.googleapis.com/v1/token?key=test-api-key`,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
  );
  return { idToken: refreshed.id_token };
}

/**
 * The pre-hijack: someone opens a password account on an address before its
 * owner ever signs in; the owner's first link sign-in verifies the address
 * and keeps the password, so the opener's password sign-in now yields a
 * token with `email_verified: true` for the owner's address.
 */
export async function preHijackedAccount(email: string): Promise<{
  /** The opener's token, from a password sign-in after the owner's link sign-in. */
  hijackerIdToken: string;
  hijackerRefreshToken: string;
  password: string;
  /** The owner's own token from that link sign-in: the same account. */
  ownerIdToken: string;
  uid: string;
}> {
  const password = 'opened-before-the-owner';
  await signUpWithPassword(email, password);
  const owner = await signInWithEmailLink(email);
  const hijacker = await signInWithPassword(email, password);
  return {
    hijackerIdToken: hijacker.idToken,
    hijackerRefreshToken: hijacker.refreshToken,
    password,
    ownerIdToken: owner.idToken,
    uid: hijacker.uid,
  };
}

/** What an administrator does in the Firebase console: disable an account, or delete it. */
export async function disableAccount(uid: string): Promise<void> {
  await post(adminAccounts('update'), { localId: uid, disableUser: true }, adminBearer);
}

export async function deleteAccount(uid: string): Promise<void> {
  await post(adminAccounts('delete'), { localId: uid }, adminBearer);
}

const adminBearer = { authorization: 'Bearer owner' };
const adminAccounts = (method: string) =>
  `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:${method}`;

/** A fresh, unique test address. */
export function uniqueEmail(prefix = 'student'): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A new buyer signed in through the e-mail link: their address and ID token. */
export async function signedInBuyer(prefix = 'buyer'): Promise<TestBuyer> {
  return buyerThrough(signInWithEmailLink, prefix);
}

/** A new caller holding a password account's token for an address they never proved. */
export async function unprovenBuyer(prefix = 'unproven'): Promise<TestBuyer> {
  return buyerThrough(signUpWithPassword, prefix);
}

export interface TestBuyer {
  email: string;
  idToken: string;
  uid: string;
}

async function buyerThrough(
  signIn: (email: string) => Promise<{ idToken: string; uid: string }>,
  prefix: string,
): Promise<TestBuyer> {
  const email = uniqueEmail(prefix);
  return { email, ...(await signIn(email)) };
}
