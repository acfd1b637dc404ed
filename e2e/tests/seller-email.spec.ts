/**
 * The seller and the site's e-mail. The E-mail delivery page
 * (/seller/email): the sender domain's SPF, DKIM and DMARC, each with its
 * state in words. Whatever DNS this machine has (none, in the test machine:
 * every record then says it could not be checked, and why), the page is
 * readable and usable from the keyboard. And a buyer whose address the mail
 * server refuses (the emulators refuse bounce…@): Needs attention says so,
 * and Send again tells what the mail server answered. At phone and desktop
 * widths, with no serious accessibility violations, and screenshots to look
 * at (375, 1280 and 1440 px).
 *
 * Each project signs in with a seller address of its own, one test after
 * the other: a sign-in link can be used once.
 */
import { expect, test, type TestInfo } from '@playwright/test';
import { checkoutByApi } from '../support/buyers-api';
import { uniqueEmail } from '../support/inbox';
import { capture, captureElement, expectNoSeriousViolations } from '../support/look';
import { signIn } from '../support/sign-in';
import { inboxUrl } from '../support/urls';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

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

/** Pays the buyer's PayPal invoice at the emulator, as the buyer would on PayPal's page. */
async function payInvoiceOf(email: string): Promise<void> {
  const { invoices } = (await (await fetch(`${inboxUrl}/paypal/_control/invoices`)).json()) as {
    invoices: {
      id: string;
      primary_recipients?: { billing_info?: { email_address?: string } }[];
    }[];
  };
  const invoice = invoices.find(
    (each) => each.primary_recipients?.[0]?.billing_info?.email_address === email,
  );
  const paid = await fetch(`${inboxUrl}/paypal/_control/invoices/${invoice!.id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(paid.ok).toBe(true);
}

test('a confirmation the mail server refused asks the seller @phone', async ({
  page,
}, testInfo) => {
  const buyer = uniqueEmail('bounce');
  expect(await checkoutByApi(buyer, 'WIFI7-2027-01-AM')).toBe(200);
  await payInvoiceOf(buyer);

  await signIn(page, sellerOf(testInfo));
  await page.goto('/seller/attention');
  const card = page.getByRole('article').filter({ hasText: buyer });
  // The payment's webhook, then the refused send, take a moment.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(card).toContainText('was refused by the mail server: 550 5.1.1', {
      timeout: 2000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(card.getByRole('button', { name: 'Send again…' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Dismiss…' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await captureElement(page, card, 'seller-attention-mail-refused');

  await card.getByRole('button', { name: 'Send again…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send the e-mail again?' });
  await expect(dialog).toContainText('goes to the same address again');
  await expectNoSeriousViolations(page);
  await capture(page, 'seller-attention-send-again');
  await dialog.getByRole('textbox').fill('Trying once more before I write to the buyer.');
  await dialog.getByRole('button', { name: 'Send it again' }).click();
  // Still a mailbox that does not exist: the dialog says so, as a refusal.
  await expect(dialog.getByRole('alert')).toContainText('was refused by the mail server');
  await captureElement(page, dialog, 'seller-attention-refused-again');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('link', { name: /^Open order / }).click();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText(/was refused by the mail server/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the e-mail again' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await capture(page, 'seller-order-mail-refused', true);
});
