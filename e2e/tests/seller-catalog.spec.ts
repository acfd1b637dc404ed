/**
 * The back office's catalog in the browser, on a site of its own (see
 * support/private-site.ts): a seller creates a discount code and a buyer
 * applies it at checkout at once; the seller closes every open batch and
 * the workshop page says "Registration is closed now"; both pages pass
 * axe and are captured at 1280 and 375 px.
 */
import type { Browser, Page } from '@playwright/test';
import { uniqueEmail } from '../support/inbox';
import { capture, expectNoSeriousViolations } from '../support/look';
import { applyDiscount, chooseBatchAndProceed } from '../support/purchase';
import { expect, test } from '../support/private-site';
import { signIn } from '../support/sign-in';

/** A signed-in page of its own, as a second person would have. */
async function signedInPage(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test('a discount code the seller creates works at checkout at once', async ({
  page,
  browser,
  privateSite,
}) => {
  await signIn(page, privateSite.sellerEmail);
  await page.goto('/seller/discount-codes');
  await page.getByRole('button', { name: 'New code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New discount code' });
  await dialog.getByLabel('Code').fill('launch25');
  await dialog.getByLabel('Percent off').fill('25');
  await dialog.getByLabel('Maximum uses').fill('10');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /LAUNCH25/ });
  await expect(row).toContainText('25%');
  await expect(row).toContainText('0 / 10');
  await expect(row).toContainText('Active');

  const buyer = await signedInPage(browser, privateSite.url, uniqueEmail('buyer'));
  await chooseBatchAndProceed(buyer, 'WIFI7-2027-01-AM');
  const summary = buyer.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('$499.00');
  await applyDiscount(buyer, 'launch25');
  await expect(summary).toContainText('25% off');
  await expect(summary).toContainText('$374.25');
  await buyer.context().close();

  // Disabled in the back office, it is refused at checkout at once.
  await row.getByRole('button', { name: 'Disable LAUNCH25' }).click();
  await page
    .getByRole('dialog', { name: 'Disable LAUNCH25?' })
    .getByRole('button', { name: 'Disable code' })
    .click();
  await expect(row).toContainText('Disabled');
  const late = await signedInPage(browser, privateSite.url, uniqueEmail('late'));
  await chooseBatchAndProceed(late, 'WIFI7-2027-01-AM');
  await late.getByRole('textbox', { name: 'Discount code' }).fill('LAUNCH25');
  await late.getByRole('button', { name: 'Apply' }).click();
  await expect(late.getByText('This discount code is no longer valid.')).toBeVisible();
  await late.context().close();
});

test('closing every open batch closes registration on the workshop page', async ({
  page,
  browser,
  privateSite,
}) => {
  await signIn(page, privateSite.sellerEmail);
  await page.goto('/seller/batches');
  await expect(
    page.getByRole('status').filter({ hasText: 'Buyers can choose from' }),
  ).toContainText('3 batches');

  const closeButtons = page.getByRole('button', { name: /^Close registration for / });
  const count = await closeButtons.count();
  expect(count).toBe(3);
  for (let closed = 0; closed < count; closed += 1) {
    const button = closeButtons.first();
    const batchId = (await button.getAttribute('aria-label'))!.replace(
      'Close registration for ',
      '',
    );
    await button.click();
    const confirm = page.getByRole('dialog', { name: `Close registration for ${batchId}?` });
    if (closed === count - 1) {
      await expect(confirm).toContainText(
        'the workshop page will say “Registration is closed now”',
      );
    }
    await confirm.getByRole('button', { name: 'Close registration' }).click();
    await expect(confirm).toBeHidden();
    await expect(
      page.getByRole('button', { name: `Open registration for ${batchId}` }),
    ).toBeVisible();
  }
  await expect(
    page.getByRole('status').filter({ hasText: 'Registration is closed' }),
  ).toBeVisible();

  const buyer = await signedInPage(browser, privateSite.url, uniqueEmail('closed'));
  await expect(buyer.getByText('Registration is closed now')).toBeVisible();
  await expect(buyer.getByRole('combobox', { name: 'Batch' })).toBeDisabled();

  // Opened again, the batch is offered at once.
  await page.getByRole('button', { name: 'Open registration for WIFI7-2027-04-AM' }).click();
  await page
    .getByRole('dialog', { name: 'Open registration for WIFI7-2027-04-AM?' })
    .getByRole('button', { name: 'Open registration' })
    .click();
  await expect(
    page.getByRole('button', { name: 'Close registration for WIFI7-2027-04-AM' }),
  ).toBeVisible();
  await buyer.reload();
  await expect(buyer.getByRole('combobox', { name: 'Batch' })).toHaveValue('WIFI7-2027-04-AM');
  await buyer.context().close();

  for (const batchId of ['WIFI7-2027-01-AM', 'WIFI7-2027-02-PM']) {
    await page.getByRole('button', { name: `Open registration for ${batchId}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Open registration' }).click();
    await expect(
      page.getByRole('button', { name: `Close registration for ${batchId}` }),
    ).toBeVisible();
  }
});

test.describe('back office catalog look @phone', () => {
  test('batches and the batch dialog', async ({ page, privateSite }) => {
    await signIn(page, privateSite.sellerEmail);
    await page.goto('/seller/batches');
    await expect(page.getByRole('heading', { level: 1, name: 'Batches' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'WIFI7-2027-01-AM' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await capture(page, 'seller-batches', true);

    await page.getByRole('button', { name: 'Edit WIFI7-2027-02-PM' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit batch WIFI7-2027-02-PM' });
    // Across the change to daylight saving time (Mar 14, 2027), still 7 PM Pacific.
    await expect(dialog.getByLabel('Session 11')).toHaveValue('2027-03-15T19:00');
    await expect(dialog.getByText('Mon, Mar 15, 2027, 7:00 PM PT')).toBeVisible();
    await expect(dialog).toContainText(
      'Feb 8 - Mar 29, 2027 (Asia-Pacific) -- Mon & Wed, 7 to 9 PM Pacific Time',
    );
    await expectNoSeriousViolations(page);
    await capture(page, 'seller-batch-dialog');
    await dialog.getByText('Fill the sessions from a weekly schedule').click();
    await dialog.getByLabel('Session 4').scrollIntoViewIfNeeded();
    await expectNoSeriousViolations(page);
    await capture(page, 'seller-batch-dialog-sessions');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Edit WIFI7-2027-02-PM' })).toBeFocused();
  });

  test('prices and discount codes, and the code dialog', async ({ page, privateSite }) => {
    await signIn(page, privateSite.sellerEmail);
    await page.goto('/seller/discount-codes');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Prices and discount codes' }),
    ).toBeVisible();
    await expect(page.getByText('₹41,299.00')).toBeVisible();
    await expect(page.getByText('TEAM15', { exact: true }).filter({ visible: true })).toBeVisible();
    await expectNoSeriousViolations(page);
    await capture(page, 'seller-discount-codes', true);

    await page.getByRole('button', { name: 'New code' }).click();
    const dialog = page.getByRole('dialog', { name: 'New discount code' });
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await expect(dialog.getByText('A code has 3 to 32 letters, digits, _ or -.')).toBeVisible();
    await expectNoSeriousViolations(page);
    await capture(page, 'seller-code-dialog');
  });
});
