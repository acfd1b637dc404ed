/**
 * The workshop page's look at phone and desktop widths: no serious
 * accessibility violations (axe), no layout shift while the price and the
 * batches arrive, and screenshots of its states kept as
 * e2e/test-results/screenshots/<width>-workshop-<state>.png to look at.
 */
import { expect, test, type Page } from '@playwright/test';
import { capture, expectNoSeriousViolations } from '../support/look';
import { signIn } from '../support/sign-in';

/** Sums the page's unexpected layout shifts (the Cumulative Layout Shift). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const target = window as unknown as { layoutShift: number };
    target.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) target.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

test.describe('workshop page look @phone', () => {
  test('signed out', async ({ page }) => {
    const layoutShift = await watchLayoutShifts(page);
    await page.goto('/wifi7-workshop');
    await expect(page.getByText('$499.00', { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShift()).toBeLessThan(0.02);
    await expectNoSeriousViolations(page);
    await capture(page, 'workshop-signed-out');
    await capture(page, 'workshop-signed-out-full', true);
  });

  test('signed in: batches, a chosen batch and the tooltip', async ({ page }) => {
    await signIn(page);
    const layoutShift = await watchLayoutShifts(page);
    await page.reload();
    const select = page.getByRole('combobox', { name: 'Batch' });
    await expect(select).toBeEnabled();
    await expect(page.getByText('$499.00', { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShift()).toBeLessThan(0.02);
    await expectNoSeriousViolations(page);
    await capture(page, 'workshop-signed-in');

    await page.getByRole('button', { name: 'Proceed to Buy' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Please select' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await capture(page, 'workshop-tooltip');

    await select.selectOption({ index: 1 });
    await expect(page.getByText('Timezone: Pacific Time')).toBeVisible();
    await capture(page, 'workshop-batch-chosen');
  });

  test('signed in: registration closed', async ({ page }) => {
    await page.route('**/api/learning-availability/workshop-list', (route) =>
      route.fulfill({ json: { availableWorkshops: [] } }),
    );
    await signIn(page);
    await expect(page.getByText('Registration is closed now')).toBeVisible();
    await expectNoSeriousViolations(page);
    await capture(page, 'workshop-closed');
  });
});
