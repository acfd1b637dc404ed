/**
 * The back office's E-mail delivery page (/seller/email): the sender
 * domain's SPF, DKIM and DMARC, each with its state in words. Whatever DNS
 * this machine has (none, in the test machine: every record then says it
 * could not be checked, and why), the page is readable and usable from the
 * keyboard at phone and desktop widths, with no serious accessibility
 * violations, and screenshots to look at (375, 1280 and 1440 px).
 */
import { expect, test, type TestInfo } from '@playwright/test';
import { capture, expectNoSeriousViolations } from '../support/look';
import { signIn } from '../support/sign-in';

test.describe.configure({ timeout: 240_000 });

const sellerOf = (testInfo: TestInfo) => `email.seller.${testInfo.project.name}@example.com`;

test('the seller reads the sender domain’s records @phone', async ({ page }, testInfo) => {
  await signIn(page, sellerOf(testInfo));
  await page.goto('/seller/email');
  await expect(page.getByRole('heading', { name: 'E-mail delivery', level: 1 })).toBeVisible();
  for (const record of ['SPF', 'DKIM', 'DMARC']) {
    await expect(page.getByRole('article', { name: record })).toContainText(
      /In order|Needs a fix|Could not check/,
    );
  }
  await expect(page.getByText('workshop@example.com', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
  await capture(page, 'seller-email', true);

  // From the keyboard: the first record's disclosure opens with Enter.
  const spf = page.getByRole('article', { name: 'SPF' });
  const disclosure = spf.getByText('What was looked up');
  await disclosure.focus();
  await page.keyboard.press('Enter');
  await expect(spf.getByText('example.com', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);

  // Check again looks up afresh and keeps the page as it was.
  const again = page.getByRole('button', { name: 'Check again' });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Check again' })).toBeEnabled();
  await expect(page.getByRole('article', { name: 'DMARC' })).toBeVisible();

  if (testInfo.project.name === 'desktop') {
    await page.setViewportSize({ width: 1440, height: 900 });
    await capture(page, 'seller-email', true);
  }
});
