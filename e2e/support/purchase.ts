/** Steps shared by the purchase journeys. */
import { expect, type Page } from '@playwright/test';
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
