/**
 * The whole purchase outside India, in the browser: sign in, choose a
 * batch, check out, apply a code, fill billing, get the PayPal invoice and
 * "How it works?", pay it on the PayPal emulator's page from the inbox e-mail,
 * see the enrolment reach the courses portal, then try to buy again (409).
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForMessage } from '../support/inbox';
import { applyDiscount, chooseBatchAndProceed, enrollmentsOf } from '../support/purchase';
import { signIn } from '../support/sign-in';

const ALREADY_PURCHASED =
  "You've already purchased this workshop. Visit 'My Courses' on the courses portal to access it.";

async function fillBilling(page: Page) {
  const form = page.getByRole('region', { name: 'Registration & Billing Information' });
  await form.getByRole('textbox', { name: 'First Name' }).fill('Grace');
  await form.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
  await form.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await form.getByRole('textbox', { name: 'City' }).fill('Arlington');
  await form.getByRole('textbox', { name: 'Zipcode' }).fill('22201');
  return form;
}

test('buy a seat by PayPal invoice, pay it, get enrolled, and not buy twice', async ({
  page,
  context,
}) => {
  const email = await signIn(page);
  await chooseBatchAndProceed(page, 'WIFI7-2027-01-AM');

  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Wi-Fi 7 (802.11be) Live Online Workshop');
  await expect(summary).toContainText('Tue & Thu, 9 - 11 AM PT (Americas)');
  await expect(summary).toContainText('$499.00');
  await expect(page.getByRole('link', { name: 'Change selected batch' })).toBeVisible();

  await applyDiscount(page, ' team15 ');
  await expect(summary).toContainText('15% off');
  await expect(summary).toContainText('$424.15');

  const form = await fillBilling(page);
  await form.getByRole('button', { name: 'Pay by PayPal Invoice' }).click();
  await expect(
    page.getByText('Invoice has been generated and sent to your email.').first(),
  ).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'How it works?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'courses portal' })).toBeVisible();

  // The invoice e-mail, as PayPal sends it, with a link to PayPal's pay page.
  const invoice = await waitForMessage(email, 'invoice');
  expect(invoice.text).toContain('424.15');
  const payPage = await context.newPage();
  await payPage.goto(invoice.links[0]!.href);
  await payPage.getByRole('button', { name: 'Pay' }).click();
  await expect(payPage.getByText(/Payment complete/)).toBeVisible();

  // PayPal's webhook → the order is paid → the student is handed to the courses portal.
  await expect.poll(async () => (await enrollmentsOf(email)).length, { timeout: 60_000 }).toBe(1);
  const [enrollment] = await enrollmentsOf(email);
  expect(enrollment!.order).toMatchObject({ rail: 'paypal_invoice', total: '424.15' });
  await waitForMessage(email, 'enrollment');
  await payPage.close();

  // "Close" clears the cart and returns to the workshop page.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/wifi7-workshop$/);
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state?.cartItems),
  ).toEqual([]);

  // A second purchase of the same workshop is refused with the catalogue's text.
  await chooseBatchAndProceed(page, 'WIFI7-2027-04-AM');
  const again = await fillBilling(page);
  await again.getByRole('button', { name: 'Pay by PayPal Invoice' }).click();
  await expect(page.getByText(ALREADY_PURCHASED)).toBeVisible();
});

test('an empty cart goes back to the workshop page; signed out goes to /login', async ({
  page,
}) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/wifi7-workshop$/);
});

test('billing errors, and choosing India switches to the India path', async ({ page }) => {
  await signIn(page);
  await chooseBatchAndProceed(page, 'WIFI7-2027-01-AM');
  const form = page.getByRole('region', { name: 'Registration & Billing Information' });
  await form.getByRole('button', { name: 'Pay by PayPal Invoice' }).click();
  for (const error of [
    'First Name is required',
    'Last Name is required',
    'Country is required',
    'Zipcode is required',
  ]) {
    await expect(form.getByText(error)).toBeVisible();
  }
  await expect(form.getByRole('textbox', { name: 'Zipcode' })).toHaveAttribute('type', 'tel');
  const country = form.getByRole('combobox', { name: 'Country' });
  for (const name of ['Kosovo', 'Curaçao', 'Sint Maarten (Dutch part)']) {
    await expect(country.getByRole('option', { name })).toHaveCount(1);
  }
  await country.selectOption('IN');
  await expect(page.getByRole('button', { name: 'Proceed with Zoho Payment' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Registration & Billing Information' }),
  ).toHaveCount(0);
});

test('a blank or refused discount code', async ({ page }) => {
  await signIn(page);
  await chooseBatchAndProceed(page, 'WIFI7-2027-01-AM');
  const field = page.getByRole('textbox', { name: 'Discount code' });
  const apply = page.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();
  await field.fill('   ');
  await apply.click();
  await expect(page.getByText('Please enter a discount code')).toBeVisible();
  await field.fill('NOSUCHCODE');
  await apply.click();
  await expect(page.getByText('Failed to apply discount code').first()).toBeVisible();
  await expect(page.getByText('This discount code does not exist.')).toBeVisible();
});
