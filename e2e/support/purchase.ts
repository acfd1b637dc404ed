/** Steps shared by the purchase journeys. */
import { expect, type Page } from '@playwright/test';
import { apiRoutes } from '@wifi7/contract';
import { waitForMessage } from './inbox';
import { inboxUrl } from './urls';

export async function chooseBatchAndProceed(page: Page, batchId: string): Promise<void> {
  await page.goto('/wifi7-workshop');
  const select = page.getByRole('combobox', { name: 'Batch' });
  await expect(select).toBeEnabled();
  await select.selectOption(batchId);
  await page.getByRole('button', { name: 'Proceed to Buy' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

export async function applyDiscount(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Discount code' }).fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Discount code applied successfully')).toBeVisible();
}

/** The enrolments the courses-portal receiver accepted for one student. */
export async function enrollmentsOf(
  email: string,
): Promise<{ order: { id: string; rail: string; total: string } }[]> {
  const response = await fetch(`${inboxUrl}/portal/_control/enrollments`);
  const { enrollments } = (await response.json()) as {
    enrollments: {
      student: { email: string };
      order: { id: string; rail: string; total: string };
    }[];
  };
  return enrollments.filter((enrollment) => enrollment.student.email === email);
}

/**
 * Checks out `batchId` by PayPal invoice as the signed-in buyer (sign-in is
 * done by the caller) and answers the order's id once the site has placed
 * the order and PayPal has sent the invoice.
 */
export async function orderByPaypalInvoice(
  page: Page,
  email: string,
  batchId: string,
): Promise<string> {
  await chooseBatchAndProceed(page, batchId);
  const orderId = await payByInvoiceForm(page);
  await waitForMessage(email, 'invoice');
  return orderId;
}

/**
 * On the checkout page: fills in the billing form and asks for the PayPal
 * invoice; answers the order's id once "How it works?" shows.
 */
export async function payByInvoiceForm(page: Page): Promise<string> {
  const form = page.getByRole('region', { name: 'Registration & Billing Information' });
  await form.getByRole('textbox', { name: 'First Name' }).fill('Grace');
  await form.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
  await form.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await form.getByRole('textbox', { name: 'City' }).fill('Arlington');
  await form.getByRole('textbox', { name: 'Zipcode' }).fill('22201');
  const [placed] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.url().endsWith(apiRoutes.paypalInvoice) && response.request().method() === 'POST',
    ),
    form.getByRole('button', { name: 'Pay by PayPal Invoice' }).click(),
  ]);
  expect(placed.status()).toBe(200);
  await expect(page.getByRole('dialog', { name: 'How it works?' })).toBeVisible();
  return ((await placed.json()) as { orderId: string }).orderId;
}

/**
 * A buyer's whole PayPal purchase in their own browser page: sign-in is
 * done by the caller; this checks out `batchId`, opens the invoice e-mail
 * and pays it on PayPal's page. Answers the order's id once PayPal says the
 * payment is complete (the webhook settles the order on its own time).
 */
export async function buyByPaypalInvoice(
  page: Page,
  email: string,
  batchId: string,
): Promise<string> {
  const orderId = await orderByPaypalInvoice(page, email, batchId);
  const invoice = await waitForMessage(email, 'invoice');
  await page.goto(invoice.links[0]!.href);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(/Payment complete/)).toBeVisible();
  return orderId;
}
