/**
 * Signing in, two ways. `signInThroughInbox` is the journey as a user takes
 * it: ask for a link on /login, open the site's e-mail in the local inbox,
 * follow its link, confirm the address; the sign-in tests and the deployment test
 * take it. `signIn`, for every test about something else, asks the Auth
 * Emulator for the same link directly and opens it: the same link, the same
 * confirm dialog and the same Firebase sign-in in the page, without two page
 * loads and the wait for the e-mail.
 *
 * A sign-in link works once. The inbox keeps every link an address was ever
 * sent, and the Auth Emulator is shared with other test runs, so a test
 * follows only a link that reached the address after it asked for one and
 * that nobody has used yet.
 */
import { expect, type Page } from '@playwright/test';
import { messagesTo, uniqueEmail } from './inbox';
import { authEmulatorUrl, inboxUrl, siteUrl } from './urls';

/** config/test.env's FIREBASE_PROJECT_ID and FIREBASE_WEB_API_KEY. */
const AUTH_PROJECT_ID = 'demo-wifi7-workshop';
const WEB_API_KEY = 'demo-api-key';

/** The login page's words while another link may not be asked for yet. */
export const WAIT_WORDS = /^You can ask for a new link in \d+ s\.$/;

/**
 * Asks for a link on /login. Where the address asked for one within the
 * site's cooldown (a test signing in twice), it waits the cooldown out, as
 * a person reading the countdown would, and asks again.
 */
export async function requestSignInLink(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Please enter your email address').fill(email);
  await page.getByRole('button', { name: 'Login' }).click();
  const sent = page.getByText('Please check your email for the sign-in link.');
  const wait = page.getByText(WAIT_WORDS);
  await expect(sent.or(wait).first()).toBeVisible();
  if (await sent.isVisible()) return;
  await expect(wait).toBeHidden({ timeout: 90_000 });
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(sent).toBeVisible();
}

/** The sign-in links in the e-mails to `email` in the inbox, newest first. */
export async function signInLinksTo(email: string): Promise<string[]> {
  return (await messagesTo(email)).flatMap((message) =>
    message.links.map((link) => link.href).filter((href) => href.includes('oobCode=')),
  );
}

/** Waits until a sign-in link reaches `email`, and returns the newest. */
export async function waitForSignInLink(email: string): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(async () => (links = await signInLinksTo(email)).length, {
      timeout: 60_000,
      message: `a sign-in link to ${email}`,
    })
    .toBeGreaterThan(0);
  return links[0]!;
}

/** The codes the Auth Emulator still accepts (it forgets a code once it is used). */
async function unusedCodes(): Promise<Set<string>> {
  const response = await fetch(
    `${authEmulatorUrl}/emulator/v1/projects/${AUTH_PROJECT_ID}/oobCodes`,
  );
  const { oobCodes = [] } = (await response.json()) as { oobCodes?: { oobCode: string }[] };
  return new Set(oobCodes.map((code) => code.oobCode));
}

const codeOf = (link: string) => new URL(link).searchParams.get('oobCode') ?? '';

/**
 * Opens the newest unused sign-in e-mail to `email` in the inbox and follows
 * its link. Links in `earlier` (what the inbox held before this test asked)
 * are never followed.
 */
export async function openSignInLinkFromInbox(
  page: Page,
  email: string,
  earlier: readonly string[] = [],
): Promise<void> {
  let fresh: string[] = [];
  await expect
    .poll(
      async () => {
        const unused = await unusedCodes();
        fresh = (await signInLinksTo(email)).filter(
          (link) => !earlier.includes(link) && unused.has(codeOf(link)),
        );
        return fresh.length;
      },
      { timeout: 60_000, message: `an unused sign-in link to ${email}` },
    )
    .toBeGreaterThan(0);
  await page.goto(`${inboxUrl}/?to=${encodeURIComponent(email)}`);
  await page.locator(`a[href="${fresh[0]}"]`).click();
  await page.waitForURL(/\/wifi7-workshop/);
}

/**
 * Signs in through the e-mail link, as a user does from /login and the
 * inbox. Tests that run at the same time need addresses of their own: two
 * requests to one address at once each send a link, and a test cannot tell
 * which of the two is its own.
 */
export async function signInThroughInbox(page: Page, email = uniqueEmail()): Promise<string> {
  const earlier = await signInLinksTo(email);
  await requestSignInLink(page, email);
  await openSignInLinkFromInbox(page, email, earlier);
  await confirmEmail(page, email);
  return email;
}

/**
 * Signs in with a sign-in link the Auth Emulator makes on request (as the
 * site's own request would), opened in this page. The link carries the
 * address's own one-time code, so tests at the same time cannot meet.
 */
export async function signIn(page: Page, email = uniqueEmail()): Promise<string> {
  const response = await fetch(
    `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=${WEB_API_KEY}`,
    {
      method: 'POST',
      // The emulator's stand-in for an administrator's credentials: only
      // those may have the link returned instead of sent.
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({
        requestType: 'EMAIL_SIGNIN',
        email,
        continueUrl: new URL('/wifi7-workshop', siteUrl).href,
        canHandleCodeInApp: true,
        returnOobLink: true,
      }),
    },
  );
  expect(response.ok, `the Auth Emulator made a sign-in link (${response.status})`).toBe(true);
  const { oobLink } = (await response.json()) as { oobLink: string };
  // Where the emulator's link forwards to, as Firebase's does: the workshop
  // page with the link's parameters but the continue URL. Relative, so that
  // it opens on the page's own site (a private site has a port of its own).
  const forwarded = new URL(oobLink).searchParams;
  forwarded.delete('continueUrl');
  await page.goto(`/wifi7-workshop?${forwarded}`);
  // Opened without asking on /login first, so this browser remembers no
  // address: the dialog asks for it.
  const dialog = page.getByRole('dialog', {
    name: 'Please confirm your email address to continue',
  });
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
  await confirmEmail(page, email);
  return email;
}

async function confirmEmail(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog', {
    name: 'Please confirm your email address to continue',
  });
  await dialog.getByRole('button', { name: 'Confirm Email' }).click();
  await expect(page.getByRole('banner').getByText(email)).toBeVisible();
}
