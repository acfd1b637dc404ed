/**
 * Hoarded seats in the back office: five proven addresses at one company
 * domain hold unpaid seats of a batch (checked out by a script, not a
 * browser); the seller sees them as one item in Needs attention, releases
 * them with one action, and the item is gone.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { checkoutByApi } from '../support/buyers-api';
import { signIn } from '../support/sign-in';

const SELLER = 'holds.seller@example.com';
const BATCH = 'WIFI7-2027-04-AM';

test('the seller sees clustered unpaid holds in Needs attention and releases them', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const domain = `hoard-${randomBytes(3).toString('hex')}.test`;
  for (let index = 0; index < 5; index += 1) {
    expect(await checkoutByApi(`buyer${index}@${domain}`, BATCH)).toBe(200);
  }

  await signIn(page, SELLER);
  await page.goto('/seller/attention');
  await expect(page.getByRole('heading', { level: 1, name: 'Needs attention' })).toBeVisible();
  const title = `5 unpaid orders in batch ${BATCH} are for addresses at ${domain}`;
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Unpaid holds');
  await expect(card).toContainText('may be holding seats that other buyers cannot buy');

  await card.getByRole('button', { name: 'Release these holds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Release these holds?' });
  await expect(dialog).toContainText('its invoice or payment link withdrawn');
  await dialog.getByRole('textbox').fill('Not real buyers: one script, one domain.');
  await dialog.getByRole('button', { name: 'Release them' }).click();
  await expect(page.getByText(/^Released 5 holds: the orders are cancelled/)).toBeVisible();
  await expect(card).toHaveCount(0);
});
