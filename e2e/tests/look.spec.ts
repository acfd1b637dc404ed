/**
 * Accessibility (axe: no serious or critical violations) and screenshots of
 * the main pages at phone and desktop widths, attached to the report.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/inbox';
import { chooseBatchAndProceed } from '../support/purchase';
import { openSignInLinkFromInbox, requestSignInLink, signIn } from '../support/sign-in';

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Attached to the report, and kept as test-results/screenshots/<width>-<name>.png to look at. */
async function capture(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  const width = page.viewportSize()?.width ?? 0;
  const body = await page.screenshot({
    fullPage: true,
    path: path.join(
      import.meta.dirname,
      '..',
      'test-results',
      'screenshots',
      `${width}-${name}.png`,
    ),
  });
  await test.info().attach(`${width}-${name}`, { body, contentType: 'image/png' });
}

test.describe('look and accessibility @phone', () => {
  test('login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
    await capture(page, 'login');
  });

  test('workshop page, signed out', async ({ page }) => {
    await page.goto('/wifi7-workshop');
    await expect(page.getByRole('button', { name: 'Login to Enroll' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await capture(page, 'workshop-signed-out');
  });

  test('confirmation dialog', async ({ page }) => {
    const email = uniqueEmail();
    await requestSignInLink(page, email);
    await openSignInLinkFromInbox(page, email);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page);
    await capture(page, 'confirm-dialog');
  });

  test('workshop page, signed in, menu open', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: /menu/i }).click();
    await expectNoSeriousViolations(page);
    await capture(page, 'workshop-signed-in-menu');
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
    await capture(page, 'checkout');
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
    await capture(page, 'india-contact');
  });
});
