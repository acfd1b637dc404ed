/**
 * Accessibility (axe: no serious or critical violations) and screenshots of
 * the main pages at phone and desktop widths, attached to the report.
 */
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/inbox';
import { capture, expectNoSeriousViolations } from '../support/look';
import { chooseBatchAndProceed } from '../support/purchase';
import { openSignInLinkFromInbox, requestSignInLink, signIn } from '../support/sign-in';

test.describe('look and accessibility @phone', () => {
  test('login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
    await capture(page, 'login', true);
  });

  test('workshop page, signed out', async ({ page }) => {
    await page.goto('/wifi7-workshop');
    await expect(page.getByRole('button', { name: 'Login to Enroll' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await capture(page, 'signed-out-full', true);
  });

  test('confirmation dialog', async ({ page }) => {
    const email = uniqueEmail();
    await requestSignInLink(page, email);
    await openSignInLinkFromInbox(page, email);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page);
    await capture(page, 'confirm-dialog', true);
  });

  test('workshop page, signed in, menu open', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: /menu/i }).click();
    await expectNoSeriousViolations(page);
    await capture(page, 'signed-in-menu', true);
  });
});

test.describe('checkout look and accessibility @phone', () => {
  test('checkout page with the billing form', async ({ page }) => {
    await signIn(page);
    await chooseBatchAndProceed(page, 'WIFI7-2027-01-AM');
    await expect(
      page.getByRole('region', { name: 'Registration & Billing Information' }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    await capture(page, 'checkout', true);
  });

  test('India contact page', async ({ page }) => {
    await page
      .context()
      .route('**/geo/json', (route) => route.fulfill({ json: { country: 'IN' } }));
    await signIn(page);
    await chooseBatchAndProceed(page, 'WIFI7-2027-02-PM');
    await page.getByRole('button', { name: 'Proceed with Zoho Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await capture(page, 'india-contact', true);
  });
});
