import { expect, test, type Page } from '@playwright/test';
import { messagesTo, uniqueEmail } from '../support/inbox';
import { capture, expectNoSeriousViolations } from '../support/look';
import {
  openSignInLinkFromInbox,
  requestSignInLink,
  signIn,
  signInThroughInbox,
  signInLinksTo,
  waitForSignInLink,
  WAIT_WORDS,
} from '../support/sign-in';
import { authEmulatorUrl, inboxUrl, siteUrl } from '../support/urls';

const confirmDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Please confirm your email address to continue' });

/**
 * Someone else asks the site for a link to `email` (once the cooldown of the
 * page's own request is over) and, once it is in the inbox, uses it, as
 * another test might.
 */
async function signInElsewhere(email: string): Promise<void> {
  const inboxHeld = (await signInLinksTo(email)).length;
  const askForLink = () =>
    fetch(`${siteUrl}/api/sign-in-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
  await expect
    .poll(async () => (await askForLink()).status, { timeout: 90_000, intervals: [2_000] })
    .toBe(200);
  await expect.poll(async () => (await signInLinksTo(email)).length).toBe(inboxHeld + 1);
  const newest = new URL((await signInLinksTo(email))[0]!).searchParams.get('oobCode');
  const used = await fetch(
    `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, oobCode: newest }),
    },
  );
  expect(used.status).toBe(200);
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: /menu/i }).click();
  return page.getByRole('navigation', { name: /menu/i });
}

test.describe('passwordless sign-in', () => {
  test(
    'request a link, open it from the inbox, confirm, stay signed in, log out',
    { tag: '@phone' },
    async ({ page }) => {
      const email = uniqueEmail();
      const enrollments: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/learning-availability/auto-enrollment')) {
          enrollments.push(request.postData() ?? '');
        }
      });

      // Typed with capitals and spaces: stored and sent trimmed and lower-cased.
      await requestSignInLink(page, `  ${email.toUpperCase()}  `);
      expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(email);
      const resend = page.getByRole('button', { name: 'Resend Sign-in Link' });
      await expect(resend).toBeVisible();
      // The site's cooldown, in words under the button.
      await expect(page.getByText(WAIT_WORDS)).toBeVisible();
      await expectNoSeriousViolations(page);
      await capture(page, 'login-cooldown');
      // Asked again at once: refused, and the page keeps counting down.
      const refused = page.waitForResponse((response) =>
        response.url().endsWith('/api/sign-in-link'),
      );
      await resend.click();
      expect((await refused).status()).toBe(429);
      await expect(page.getByText(WAIT_WORDS)).toBeVisible();
      // Once the wait is over, resending sends a second link but enrols only once.
      await expect(page.getByText(WAIT_WORDS)).toBeHidden({ timeout: 90_000 });
      await resend.click();
      await expect.poll(async () => (await messagesTo(email)).length).toBe(2);
      expect(enrollments).toHaveLength(1);
      expect(JSON.parse(enrollments[0]!)).toEqual({ userEmail: email });

      await openSignInLinkFromInbox(page, email);
      const dialog = confirmDialog(page);
      await expect(dialog).toBeVisible();
      const field = dialog.getByRole('textbox');
      await expect(field).toHaveValue(email);
      await expect(field).not.toBeEditable();
      await dialog.getByRole('button', { name: 'Confirm Email' }).click();

      await expect(page.getByRole('banner').getByText(email)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page).not.toHaveURL(/oobCode/);
      expect(await page.evaluate(() => localStorage.getItem('email'))).toBeNull();
      await expect(page.getByRole('button', { name: 'Proceed to Buy' })).toBeVisible();

      let menu = await openMenu(page);
      await expect(menu.getByRole('link', { name: 'Workshop' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Checkout' })).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(menu.getByText('Login')).toHaveCount(0);

      await page.reload();
      await expect(page.getByRole('banner').getByText(email)).toBeVisible();

      menu = await openMenu(page);
      await menu.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByText('Logged out successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/wifi7-workshop$/);
      await expect(page.getByRole('banner').getByText(email)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Login to Enroll' })).toBeVisible();
      menu = await openMenu(page);
      await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    },
  );

  test('an account someone opened with a password first is closed, and its owner signs in again', async ({
    page,
  }) => {
    const email = uniqueEmail();
    // Before the owner's first sign-in, someone opens a password account on the address.
    const opened = await fetch(
      `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'opened-before-the-owner' }),
      },
    );
    expect(opened.status).toBe(200);

    const earlier = await signInLinksTo(email);
    await requestSignInLink(page, email);
    await openSignInLinkFromInbox(page, email, earlier);
    await confirmDialog(page).getByRole('button', { name: 'Confirm Email' }).click();
    await expect(
      page.getByText(
        'This account had a password, which this site never offers, so we have closed it. Sign in again with the link we e-mail you.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login to Enroll' })).toBeVisible();
    await expect(page.getByRole('banner').getByText(email)).toHaveCount(0);

    await signInThroughInbox(page, email);
    await expect(page.getByRole('button', { name: 'Proceed to Buy' })).toBeVisible();
    const menu = await openMenu(page);
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('the link opened in another browser asks for the e-mail (enter mode)', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail();
    await requestSignInLink(page, email);
    const link = await waitForSignInLink(email);

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    const dialog = confirmDialog(otherPage);
    const field = dialog.getByRole('textbox');
    await expect(field).toHaveValue('');
    await expect(field).toBeEditable();
    await field.fill(`  ${email.toUpperCase()} `);
    await dialog.getByRole('button', { name: 'Confirm Email' }).click();
    await expect(otherPage.getByRole('banner').getByText(email)).toBeVisible();
    await other.close();
  });

  test('"Enter Different Email" switches to enter mode and clears the field', async ({ page }) => {
    const email = uniqueEmail();
    await requestSignInLink(page, email);
    await openSignInLinkFromInbox(page, email);
    const dialog = confirmDialog(page);
    await expect(dialog.getByRole('textbox')).toHaveValue(email);
    await dialog.getByRole('button', { name: 'Enter Different Email' }).click();
    await expect(dialog.getByRole('textbox')).toHaveValue('');
    await expect(dialog.getByRole('textbox')).toBeEditable();
  });

  test('a different e-mail than the link was sent to is refused', async ({ page }) => {
    const email = uniqueEmail();
    await requestSignInLink(page, email);
    await openSignInLinkFromInbox(page, email);
    const dialog = confirmDialog(page);
    await dialog.getByRole('button', { name: 'Enter Different Email' }).click();
    await dialog.getByRole('textbox').fill(uniqueEmail('someone.else'));
    await dialog.getByRole('button', { name: 'Confirm Email' }).click();
    await expect(
      page.getByText(
        'The email provided does not match the sign-in email address. Please try logging in again.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByText(email)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBeNull();
  });

  test(
    'a link that was already used is refused as invalid or expired',
    { tag: '@phone' },
    async ({ page, browser }) => {
      const email = uniqueEmail();
      await requestSignInLink(page, email);
      const link = await waitForSignInLink(email);
      await openSignInLinkFromInbox(page, email);
      await confirmDialog(page).getByRole('button', { name: 'Confirm Email' }).click();
      await expect(page.getByRole('banner').getByText(email)).toBeVisible();

      const other = await browser.newContext();
      const otherPage = await other.newPage();
      await otherPage.goto(link);
      const dialog = confirmDialog(otherPage);
      await dialog.getByRole('textbox').fill(email);
      await dialog.getByRole('button', { name: 'Confirm Email' }).click();
      await expect(
        otherPage.getByText(
          'The sign-in link is invalid or has expired. Please try logging in again.',
        ),
      ).toBeVisible();

      // A new link to the same address, in one click; once it comes, it signs in.
      const offer = otherPage.getByRole('dialog', {
        name: 'This sign-in link can no longer be used',
      });
      await expect(offer).toContainText(`We can send a new one to ${email}.`);
      await expectNoSeriousViolations(otherPage);
      await capture(otherPage, 'spent-link-offer');
      const earlier = await signInLinksTo(email);
      await offer.getByRole('button', { name: 'Send a new link' }).click();
      // Still within the cooldown of the first link: the offer counts it down, then sends.
      const sent = otherPage.getByRole('dialog', { name: 'A new sign-in link is on its way' });
      const wait = otherPage.getByText(WAIT_WORDS);
      await expect(sent.or(wait).first()).toBeVisible();
      if (!(await sent.isVisible())) {
        await expect(wait).toBeHidden({ timeout: 90_000 });
        await offer.getByRole('button', { name: 'Send a new link' }).click();
      }
      await expect(sent).toContainText(`Sent to ${email}`);
      await capture(otherPage, 'spent-link-sent');
      await sent.getByRole('button', { name: 'Close' }).click();
      await openSignInLinkFromInbox(otherPage, email, earlier);
      await confirmDialog(otherPage).getByRole('button', { name: 'Confirm Email' }).click();
      await expect(otherPage.getByRole('banner').getByText(email)).toBeVisible();
      await other.close();
    },
  );

  test(
    'a link a mail scanner opened first still signs the person in on their click',
    { tag: '@phone' },
    async ({ page, browser }) => {
      const email = uniqueEmail();
      await requestSignInLink(page, email);
      const link = await waitForSignInLink(email);
      // A scanner fetches the link, and another one opens it in a browser that runs the page.
      expect((await fetch(link)).ok).toBe(true);
      const scanner = await browser.newContext();
      const scannerPage = await scanner.newPage();
      await scannerPage.goto(link);
      await expect(confirmDialog(scannerPage)).toBeVisible();
      await scanner.close();

      await openSignInLinkFromInbox(page, email);
      await confirmDialog(page).getByRole('button', { name: 'Confirm Email' }).click();
      await expect(page.getByRole('banner').getByText(email)).toBeVisible();
    },
  );

  test('the link followed is the one this sign-in asked for, not one used meanwhile', async ({
    page,
  }) => {
    const email = uniqueEmail();
    const earlier = await signInLinksTo(email);
    await requestSignInLink(page, email);
    await expect.poll(async () => (await signInLinksTo(email)).length).toBe(1);
    await signInElsewhere(email);
    // Both links are in the inbox, the used one newest.
    await openSignInLinkFromInbox(page, email, earlier);
    await confirmDialog(page).getByRole('button', { name: 'Confirm Email' }).click();
    await expect(page.getByRole('banner').getByText(email)).toBeVisible();
  });

  test('/login while signed in goes to the workshop page', async ({ page }) => {
    await signIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/wifi7-workshop$/);
  });

  test('a failure to send the link shows the catalogue text', async ({ page }) => {
    await page.route('**/api/sign-in-link', (route) => route.abort('failed'));
    await page.goto('/login');
    await page.getByLabel('Please enter your email address').fill(uniqueEmail());
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('An error occurred. Please try again later.')).toBeVisible();
  });

  test('an unknown path redirects to the workshop page', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL(/\/wifi7-workshop$/);
  });

  test('the inbox lists the sign-in e-mail with a working link', async ({ page }) => {
    const email = uniqueEmail();
    await requestSignInLink(page, email);
    await waitForSignInLink(email);
    await page.goto(`${inboxUrl}/?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article').first()).toContainText(email);
  });
});
