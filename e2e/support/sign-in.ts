/**
 * The sign-in journey as a user takes it: ask for a link on /login, open the
 * e-mail in the local inbox, follow its link, confirm the address.
 */
import { expect, type Page } from '@playwright/test';
import { uniqueEmail, waitForMessage } from './inbox';
import { inboxUrl } from './urls';

export async function requestSignInLink(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Please enter your email address').fill(email);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please check your email for the sign-in link.')).toBeVisible();
}

/** Opens the newest sign-in e-mail to `email` in the inbox and follows its link. */
export async function openSignInLinkFromInbox(page: Page, email: string): Promise<void> {
  await waitForMessage(email, 'sign-in');
  await page.goto(`${inboxUrl}/?to=${encodeURIComponent(email)}`);
  await page.getByRole('article').first().getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(/\/wifi7-workshop/);
}

export async function signIn(page: Page, email = uniqueEmail()): Promise<string> {
  await requestSignInLink(page, email);
  await openSignInLinkFromInbox(page, email);
  const dialog = page.getByRole('dialog', {
    name: 'Please confirm your email address to continue',
  });
  await dialog.getByRole('button', { name: 'Confirm Email' }).click();
  await expect(page.getByRole('banner').getByText(email)).toBeVisible();
  return email;
}
