/** Steps shared by the purchase journeys. */
import { expect, type Page } from '@playwright/test';
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
 * A buyer's whole PayPal purchase in their own browser page: sign-in is
 * done by the caller; this checks out `batchId`, opens the invoice e-mail
 * and pays it on PayPal's page. Answers once PayPal says the payment is
 * complete (the webhook settles the order on its own time).
 */
export async function buyByPaypalInvoice(page: Page, email: string, batchId: string) {
  await chooseBatchAndProceed(page, batchId);
  const form = page.getByRole('region', { name: 'Registration & Billing Information' });
  await form.getByRole('textbox', { name: 'First Name' }).fill('Grace');
  await form.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
  await form.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await form.getByRole('textbox', { name: 'City' }).fill('Arlington');
  await form.getByRole('textbox', { name: 'Zipcode' }).fill('22201');
  await form.getByRole('button', { name: 'Pay by PayPal Invoice' }).click();
  await expect(page.getByRole('dialog', { name: 'How it works?' })).toBeVisible();
  const invoice = await waitForMessage(email, 'invoice');
  await page.goto(invoice.links[0]!.href);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(/Payment complete/)).toBeVisible();
}
