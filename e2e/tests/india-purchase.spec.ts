/**
 * The purchase in India, in the browser: an India visitor signs in,
 * chooses a batch, enters the contact, gets the Zoho payment link, pays on
 * the Zoho emulator's page, returns to the status page which confirms and
 * redirects, and the enrolment reaches the courses portal. Plus a failed
 * payment and a verification error.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForMessage } from '../support/inbox';
import { applyDiscount, chooseBatchAndProceed, enrollmentsOf } from '../support/purchase';
import { signIn } from '../support/sign-in';

async function asIndiaVisitor(page: Page) {
  await page.context().route('**/geo/json', (route) => route.fulfill({ json: { country: 'IN' } }));
}

async function contactAndPaymentLink(
  page: Page,
  email: string,
  { discountCode, total = '₹41,299.00' }: { discountCode?: string; total?: string } = {},
) {
  await chooseBatchAndProceed(page, 'WIFI7-2027-02-PM');
  await expect(
    page.getByRole('region', { name: 'Registration & Billing Information' }),
  ).toHaveCount(0);
  if (discountCode) await applyDiscount(page, discountCode);
  await page.getByRole('button', { name: 'Proceed with Zoho Payment' }).click();

  await expect(page).toHaveURL(/\/checkout\/zoho-contact$/);
  await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'First Name' }).fill('Asha');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Rao');
  await page.getByRole('textbox', { name: 'City' }).fill('Bengaluru');
  await page.getByRole('combobox', { name: 'State' }).selectOption('Karnataka');
  await page.getByRole('textbox', { name: 'ZIP Code' }).fill('560001');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Contact created successfully!')).toBeVisible();

  await expect(page).toHaveURL(/\/checkout\/zoho$/);
  await expect(page.getByText(`Zoho payment link sent to ${email}.`)).toBeVisible();
  await expect(page.getByText(`Total: ${total}`)).toBeVisible();
  const payNow = page.getByRole('link', { name: 'Pay Now' });
  await expect(payNow).toHaveAttribute('target', '_blank');
  return payNow;
}

test('an India visitor pays by Zoho payment link and is enrolled', async ({ page }) => {
  await asIndiaVisitor(page);
  const email = await signIn(page);
  const payNow = await contactAndPaymentLink(page, email);
  expect(await page.evaluate(() => localStorage.getItem('zohoUserEmail'))).toBe(email);
  // The page cleared the cart on load.
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state?.cartItems),
  ).toEqual([]);
  const linkMail = await waitForMessage(email, 'payment-link');
  expect(linkMail.text).toContain('41,299.00');

  const [zohoPage] = await Promise.all([page.waitForEvent('popup'), payNow.click()]);
  await zohoPage.getByRole('button', { name: 'Pay' }).click();
  await zohoPage.waitForURL(/\/checkout\/zoho-payment-status/);
  await expect(
    zohoPage.getByText('Payment status updated! Redirecting to your courses...'),
  ).toBeVisible();
  await zohoPage.waitForURL(/\/wifi7-workshop$/, { timeout: 60_000 });

  await expect.poll(async () => (await enrollmentsOf(email)).length, { timeout: 60_000 }).toBe(1);
  const [enrollment] = await enrollmentsOf(email);
  expect(enrollment!.order).toMatchObject({ rail: 'zoho_link', total: '41299.00' });
});

test('the code applied at checkout is carried over to the Zoho payment link', async ({ page }) => {
  await asIndiaVisitor(page);
  const email = await signIn(page);
  await contactAndPaymentLink(page, email, { discountCode: 'team15', total: '₹35,104.15' });
  const linkMail = await waitForMessage(email, 'payment-link');
  expect(linkMail.text).toContain('35,104.15');
});

test('a failed Zoho payment: the status page cannot verify it and goes back after 3 s', async ({
  page,
}) => {
  await asIndiaVisitor(page);
  const email = await signIn(page);
  const payNow = await contactAndPaymentLink(page, email);
  const [zohoPage] = await Promise.all([page.waitForEvent('popup'), payNow.click()]);
  await zohoPage.getByRole('button', { name: 'Fail' }).click();
  await zohoPage.waitForURL(/\/checkout\/zoho-payment-status/);
  await expect(
    zohoPage.getByText('Unable to verify payment status. Please try again later.'),
  ).toBeVisible();
  await zohoPage.waitForURL(/\/wifi7-workshop$/, { timeout: 60_000 });
  expect(await enrollmentsOf(email)).toHaveLength(0);
});

test('a verification error offers "Try Again" and "Go to Workshop"', async ({ page }) => {
  await signIn(page);
  let failing = true;
  await page.route('**/api/zoho-payment-status/check', (route) =>
    failing ? route.fulfill({ status: 500, json: { message: 'down' } }) : route.fallback(),
  );
  const heading = page.getByRole('heading', { name: 'Verification Error' });
  await page.goto('/checkout/zoho-payment-status');
  await expect(heading).toBeVisible();
  await expect(
    page.getByText('Failed to verify payment status. Please try again later.'),
  ).toBeVisible();
  await expect(page.getByText('Failed to verify payment. Please try again.')).toBeVisible();
  // It stays on the page rather than redirecting.
  await page.waitForTimeout(3500);
  await expect(page).toHaveURL(/\/checkout\/zoho-payment-status$/);
  await page.getByRole('button', { name: 'Go to Workshop' }).click();
  await expect(page).toHaveURL(/\/wifi7-workshop$/);

  await page.goto('/checkout/zoho-payment-status');
  await expect(heading).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  // This buyer has no India order: a non-success status.
  await expect(
    page.getByText('Unable to verify payment status. Please try again later.'),
  ).toBeVisible();
});
