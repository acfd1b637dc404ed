/**
 * What a buyer sees of the schedule (beyond the spec), against the real
 * server and the sample catalog: every open batch before sign-in, the
 * sessions in the visitor's own time zone (Playwright's `timezoneId`), a full
 * batch offered but not for sale, amounts in each currency's digit grouping,
 * and a paid buyer's calendar file. Each look is checked with axe and kept as
 * a screenshot at 1280 and 375 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { capture, captureElement, expectNoSeriousViolations } from '../support/look';
import { buyByPaypalInvoice, chooseBatchAndProceed, enrollmentsOf } from '../support/purchase';
import { signIn } from '../support/sign-in';

const FEB_PM = 'WIFI7-2027-02-PM';
const INDIA_LINE =
  'Your time: Tue & Thu, 8:30 – 10:30 AM IST until Mar 11; 7:30 – 9:30 AM IST from Mar 16';
const BERLIN_LINE =
  'Your time: Tue & Thu, 4 – 6 AM CET until Mar 11; 3 – 5 AM CET Mar 16 – Mar 25; Tue, 4 – 6 AM CEST on Mar 30';

const enrollCard = (page: Page) => page.getByRole('region', { name: 'Enroll in the next batch' });
const upcoming = (page: Page) => page.getByRole('list', { name: 'Upcoming batches' });
const batchItem = (page: Page, dates: string) =>
  upcoming(page).getByRole('listitem').filter({ hasText: dates });
const batchSelect = (page: Page) => page.getByRole('combobox', { name: 'Batch' });

async function asIndiaVisitor(page: Page) {
  await page.context().route('**/geo/json', (route) => route.fulfill({ json: { country: 'IN' } }));
}

test.describe('signed out, in Pacific Time', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('every open batch shows with its dates and timing, and "Login to Enroll" leads to /login @phone', async ({
    page,
  }) => {
    await page.goto('/wifi7-workshop');
    await expect(upcoming(page).getByRole('listitem')).toHaveText([
      'Jan 12 - Mar 2, 2027Tue & Thu, 9 - 11 AM PT (Americas)',
      'Feb 8 - Mar 29, 2027Mon & Wed, 7 - 9 PM PT (Asia-Pacific)',
      'Apr 6 - May 25, 2027Tue & Thu, 9 - 11 AM PT (Americas)',
    ]);
    await expect(enrollCard(page).getByText('Timezone: Pacific Time')).toBeVisible();
    await expect(enrollCard(page).getByText(/Your time/)).toHaveCount(0);
    await expect(page.getByText('$499.00', { exact: true })).toBeVisible();

    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page);
    await capture(page, 'buyer-schedule-signed-out');

    await page.getByRole('button', { name: 'Login to Enroll' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('the sessions in India', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('signed out, each batch says its sessions in IST @phone', async ({ page }) => {
    await page.goto('/wifi7-workshop');
    await expect(batchItem(page, 'Feb 8 - Mar 29, 2027').getByText(/^Your time:/)).toHaveText(
      INDIA_LINE,
    );
    await expect(batchItem(page, 'Jan 12 - Mar 2, 2027').getByText(/^Your time:/)).toHaveText(
      'Your time: Tue & Thu, 10:30 PM – 12:30 AM IST',
    );
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page);
    await captureElement(page, enrollCard(page), 'buyer-schedule-india-card');
  });

  test('signed in, the chosen batch says its sessions in IST', async ({ page }) => {
    await signIn(page);
    await batchSelect(page).selectOption(FEB_PM);
    await expect(enrollCard(page).getByText(/^Your time:/)).toHaveText(INDIA_LINE);
  });
});

test.describe('the sessions in Berlin', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('both changes to summer time show, each on its own date @phone', async ({ page }) => {
    await page.goto('/wifi7-workshop');
    await expect(batchItem(page, 'Feb 8 - Mar 29, 2027').getByText(/^Your time:/)).toHaveText(
      BERLIN_LINE,
    );
    await captureElement(page, enrollCard(page), 'buyer-schedule-berlin-card');
  });
});

test.describe('signed in, in Pacific Time', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('a full batch is offered marked full, to be waited for @phone', async ({ page }) => {
    // The April batch as if every seat were taken: the spec's list leaves it out, the schedule flags it.
    await page.route('**/api/learning-availability/workshop-list', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        availableWorkshops: { batchDetails: { batchId: string }[] }[];
      };
      for (const workshop of body.availableWorkshops) {
        workshop.batchDetails = workshop.batchDetails.filter(
          (batch) => batch.batchId !== 'WIFI7-2027-04-AM',
        );
      }
      await route.fulfill({ response, json: body });
    });
    await page.route('**/api/schedule', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        workshops: { batches: { batchId: string; full: boolean; seatsLeft: number | null }[] }[];
      };
      for (const batch of body.workshops.flatMap((workshop) => workshop.batches)) {
        if (batch.batchId === 'WIFI7-2027-04-AM')
          Object.assign(batch, { full: true, seatsLeft: 0 });
      }
      await route.fulfill({ response, json: body });
    });
    await signIn(page);

    await expect(batchSelect(page).getByRole('option')).toHaveText([
      'Select batch',
      'Jan 12 - Mar 2, 2027 · Tue & Thu, 9 - 11 AM PT (Americas)',
      'Feb 8 - Mar 29, 2027 · Mon & Wed, 7 - 9 PM PT (Asia-Pacific)',
      'Apr 6 - May 25, 2027 · Tue & Thu, 9 - 11 AM PT (Americas) · Full',
    ]);
    await batchSelect(page).selectOption('WIFI7-2027-04-AM');
    // A full batch is waited for: the main button joins its waitlist (tests/waitlist.spec.ts).
    const proceed = page.getByRole('button', { name: 'Proceed to Buy' });
    await expect(proceed).toHaveCount(0);
    await expect(enrollCard(page).getByRole('button', { name: 'Join waitlist' })).toBeEnabled();
    await expect(enrollCard(page).getByText(/^This batch is full\./)).toBeVisible();
    await expect(enrollCard(page).getByText('Full — waitlist open')).toBeVisible();
    await expectNoSeriousViolations(page);
    await captureElement(page, enrollCard(page), 'buyer-schedule-full-batch');

    await batchSelect(page).selectOption(FEB_PM);
    await expect(proceed).toBeEnabled();
  });
});

test.describe('amounts in their own grouping', () => {
  test('rupees in en-IN grouping on the workshop page and at checkout', async ({ page }) => {
    await asIndiaVisitor(page);
    await page.goto('/wifi7-workshop');
    await expect(enrollCard(page).getByText('₹41,299.00', { exact: true })).toBeVisible();

    await signIn(page);
    await chooseBatchAndProceed(page, FEB_PM);
    const summary = page.getByRole('table', { name: 'Items in your cart' });
    await expect(summary.getByRole('row', { name: /Total/ })).toContainText('₹41,299.00');
  });

  test('dollars in en-US grouping on the workshop page and at checkout', async ({ page }) => {
    // A price of four figures, which the sample catalog does not have.
    await page.context().route('**/api/courses/pricing', async (route) => {
      const request = route.request().postDataJSON() as { productSkus: string[] };
      await route.fulfill({
        json: {
          success: true,
          message: 'Prices retrieved.',
          prices: request.productSkus.map((productSku) => ({
            productSku,
            price: 1299,
            currency: 'USD',
            discount: 0,
          })),
        },
      });
    });
    await page.goto('/wifi7-workshop');
    await expect(enrollCard(page).getByText('$1,299.00', { exact: true })).toBeVisible();

    await signIn(page);
    await chooseBatchAndProceed(page, FEB_PM);
    const summary = page.getByRole('table', { name: 'Items in your cart' });
    await expect(summary.getByRole('row', { name: /Total/ })).toContainText('$1,299.00');
  });
});

test.describe('a paid buyer', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('gets "Add to calendar", a calendar file of the batch @phone', async ({ page }) => {
    const email = await signIn(page);
    await buyByPaypalInvoice(page, email, FEB_PM);
    await expect.poll(async () => (await enrollmentsOf(email)).length, { timeout: 60_000 }).toBe(1);

    await page.goto('/wifi7-workshop');
    const link = enrollCard(page).getByRole('link', { name: 'Add to calendar' });
    await expect(link).toHaveAttribute('href', `/api/batches/${FEB_PM}/calendar.ics`);
    await expect(link).toHaveAttribute('download');
    await expect(enrollCard(page).getByText('You’re enrolled')).toBeVisible();
    await expect(enrollCard(page)).toContainText('Feb 8 - Mar 29, 2027');

    const file = await page.request.get((await link.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await file.text()).toContain('BEGIN:VCALENDAR');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);

    await expectNoSeriousViolations(page);
    await captureElement(page, enrollCard(page), 'buyer-schedule-enrolled');
  });
});
