import { expect, test, type Page } from '@playwright/test';
import { messagesTo, uniqueEmail, waitForMessage } from '../support/inbox';
import {
  openSignInLinkFromInbox,
  requestSignInLink,
  signIn,
  signInThroughInbox,
  signInLinksTo,
} from '../support/sign-in';
import { authEmulatorUrl, inboxUrl } from '../support/urls';

const confirmDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Please confirm your email address to continue' });

/**
 * Someone else asks for a link to `email` and, once it is in the inbox, uses
 * it, as another test might.
 */
async function signInElsewhere(email: string): Promise<void> {
  const identityToolkit = (method: string) =>
    `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`;
  const post = (url: string, body: object) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const inboxHeld = (await signInLinksTo(email)).length;
  await post(identityToolkit('sendOobCode'), {
    requestType: 'EMAIL_SIGNIN',
    email,
    continueUrl: 'http://localhost:3100/wifi7-workshop',
    canHandleCodeInApp: true,
  });
  await expect.poll(async () => (await signInLinksTo(email)).length).toBe(inboxHeld + 1);
  const listed = await fetch(
    `${authEmulatorUrl}/emulator/v1/projects/demo-wifi7-workshop/oobCodes`,
  );
  const { oobCodes } = (await listed.json()) as { oobCodes: { email: string; oobCode: string }[] };
  const newest = oobCodes.filter((code) => code.email === email).at(-1)!;
  const used = await post(identityToolkit('signInWithEmailLink'), {
    email,
    oobCode: newest.oobCode,
  });
  expect(used.status).toBe(200);
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: /menu/i }).click();
  return page.getByRole('navigation', { name: /menu/i });
}

test.describe('passwordless sign-in', () => {
  test('request a link, open it from the inbox, confirm, stay signed in, log out', async ({
    page,
  }) => {
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
    await expect(page.getByRole('button', { name: 'Resend Sign-in Link' })).toBeVisible();
    // Resending to the same address sends a second link but enrols only once.
    await page.getByRole('button', { name: 'Resend Sign-in Link' }).click();
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
    expect(page.url()).not.toContain('oobCode');
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
  });

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
    const message = await waitForMessage(email, 'sign-in');

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(message.links[0]!.href);
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

  test('a link that was already used is refused as invalid or expired', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail();
    await requestSignInLink(page, email);
    const message = await waitForMessage(email, 'sign-in');
    await openSignInLinkFromInbox(page, email);
    await confirmDialog(page).getByRole('button', { name: 'Confirm Email' }).click();
    await expect(page.getByRole('banner').getByText(email)).toBeVisible();

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(message.links[0]!.href);
    const dialog = confirmDialog(otherPage);
    await dialog.getByRole('textbox').fill(email);
    await dialog.getByRole('button', { name: 'Confirm Email' }).click();
    await expect(
      otherPage.getByText(
        'The sign-in link is invalid or has expired. Please try logging in again.',
      ),
    ).toBeVisible();
    await other.close();
  });

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
    await page.route('**/accounts:sendOobCode**', (route) => route.abort('failed'));
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
    await waitForMessage(email, 'sign-in');
    await page.goto(`${inboxUrl}/?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article').first()).toContainText(email);
  });
});
