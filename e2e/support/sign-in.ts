/**
 * The sign-in journey as a user takes it: ask for a link on /login, open the
 * e-mail in the local inbox, follow its link, confirm the address.
 *
 * A sign-in link works once. The inbox keeps every link an address was ever
 * sent, and the Auth Emulator is shared with other test runs, so a test
 * follows only a link that reached the address after it asked for one and
 * that nobody has used yet.
 */
import { expect, type Page } from '@playwright/test';
import { messagesTo, uniqueEmail } from './inbox';
import { authEmulatorUrl, inboxUrl } from './urls';

/** config/test.env's FIREBASE_PROJECT_ID. */
const AUTH_PROJECT_ID = 'demo-wifi7-workshop';

export async function requestSignInLink(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Please enter your email address').fill(email);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please check your email for the sign-in link.')).toBeVisible();
}

/** The links of the sign-in e-mails to `email` in the inbox, newest first. */
export async function signInLinksTo(email: string): Promise<string[]> {
  return (await messagesTo(email))
    .filter((message) => message.kind === 'sign-in')
    .flatMap((message) => message.links.map((link) => link.href));
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
 * Signs in through the e-mail link. Tests that run at the same time need
 * addresses of their own: two requests to one address at once each send a
 * link, and a test cannot tell which of the two is its own.
 */
export async function signIn(page: Page, email = uniqueEmail()): Promise<string> {
  const earlier = await signInLinksTo(email);
  await requestSignInLink(page, email);
  await openSignInLinkFromInbox(page, email, earlier);
  const dialog = page.getByRole('dialog', {
    name: 'Please confirm your email address to continue',
  });
  await dialog.getByRole('button', { name: 'Confirm Email' }).click();
  await expect(page.getByRole('banner').getByText(email)).toBeVisible();
  return email;
}
