/**
 * The workshop page (/wifi7-workshop) against the real server and the sample
 * catalog: prices, the batch choice, the tooltip and the hand-over to
 * checkout. Unusual catalogs (one batch, none, a failing list) and an India
 * visitor are staged by answering the browser's requests with `page.route`.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in';

const WORKSHOP_LIST = '**/api/learning-availability/workshop-list';
const SKU = 'WIFI7-LIVE';
const PRODUCT_NAME = 'Wi-Fi 7 (802.11be) Live Online Workshop';
const TOOLTIP = 'Please select the preferred workshop timing to continue with the registration';
const FETCH_FAILED =
  'An error occured while attempting to fetch the workshop details. Please try again later.';

const sampleBatches = [
  {
    batchId: 'WIFI7-2027-01-AM',
    batchDescription: 'Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
  },
  {
    batchId: 'WIFI7-2027-02-PM',
    batchDescription: 'Feb 8 - Mar 31, 2027 (Asia-Pacific) -- Mon & Wed, 7 to 9 PM Pacific Time',
  },
];

const batchSelect = (page: Page) => page.getByRole('combobox', { name: 'Batch' });
const proceedToBuy = (page: Page) => page.getByRole('button', { name: 'Proceed to Buy' });

async function serveWorkshopList(page: Page, batchDetails: typeof sampleBatches) {
  await page.route(WORKSHOP_LIST, (route) =>
    route.fulfill({
      json: { availableWorkshops: [{ productSku: SKU, productName: PRODUCT_NAME, batchDetails }] },
    }),
  );
}

async function storedCart(page: Page) {
  const raw = await page.evaluate(() => localStorage.getItem('cart'));
  return raw ? (JSON.parse(raw) as { state: { cartItems: unknown[] } }).state : null;
}

test.describe('workshop page', () => {
  test('signed in: choose one of several batches in date order and proceed to checkout @phone', async ({
    page,
  }) => {
    await signIn(page);
    const select = batchSelect(page);
    await expect(select).toBeEnabled();
    await expect(select).toHaveValue('');
    await expect(select.getByRole('option')).toHaveText([
      'Select batch',
      'Jan 12 - Mar 2, 2027 · Tue & Thu, 9 - 11 AM PT (Americas)',
      'Feb 8 - Mar 29, 2027 · Mon & Wed, 7 - 9 PM PT (Asia-Pacific)',
      'Apr 6 - May 25, 2027 · Tue & Thu, 9 - 11 AM PT (Americas)',
    ]);
    await expect(page.getByText('$499.00', { exact: true })).toBeVisible();

    await select.selectOption('WIFI7-2027-02-PM');
    const details = page.locator('dl', { hasText: 'Dates' });
    await expect(details).toContainText('DatesFeb 8 - Mar 29, 2027');
    await expect(details).toContainText('TimingMon & Wed, 7 - 9 PM PT (Asia-Pacific)');
    await expect(page.getByText('Timezone: Pacific Time')).toBeVisible();

    await proceedToBuy(page).click();
    await expect(page).toHaveURL(/\/checkout$/);
    expect((await storedCart(page))?.cartItems).toEqual([
      { productSku: SKU, productName: PRODUCT_NAME, batchId: 'WIFI7-2027-02-PM' },
    ]);
  });

  test('signed out: the price and the batches show and "Login to Enroll" leads to /login @phone', async ({
    page,
  }) => {
    await page.goto('/wifi7-workshop');
    await expect(page.getByText('$499.00', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Upcoming batches' })).toContainText(
      'Feb 8 - Mar 29, 2027',
    );
    await page.getByRole('button', { name: 'Login to Enroll' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signed in without a batch: the select is brought into view with a 3-second tooltip', async ({
    page,
  }) => {
    await signIn(page);
    await expect(batchSelect(page)).toBeEnabled();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));

    await proceedToBuy(page).click();
    const tooltip = page.getByRole('status').filter({ hasText: TOOLTIP });
    await expect(tooltip).toBeVisible();
    await expect(batchSelect(page)).toBeFocused();
    await expect(batchSelect(page)).toBeInViewport();
    await expect(page).toHaveURL(/\/wifi7-workshop$/);

    await expect(tooltip).toBeHidden({ timeout: 60_000 });
    expect((await storedCart(page))?.cartItems ?? []).toEqual([]);
  });

  test('one batch is chosen automatically and the select is disabled', async ({ page }) => {
    await serveWorkshopList(page, [sampleBatches[1]!]);
    await signIn(page);
    const select = batchSelect(page);
    await expect(select).toHaveValue('WIFI7-2027-02-PM');
    await expect(select).toBeDisabled();
    await expect(page.getByText('Feb 8 - Mar 31, 2027', { exact: true })).toBeVisible();

    await proceedToBuy(page).click();
    await expect(page).toHaveURL(/\/checkout$/);
    expect((await storedCart(page))?.cartItems).toEqual([
      { productSku: SKU, productName: PRODUCT_NAME, batchId: 'WIFI7-2027-02-PM' },
    ]);
  });

  test('no batches: registration is closed', async ({ page }) => {
    await serveWorkshopList(page, []);
    await signIn(page);
    await expect(page.getByText('Registration is closed now')).toBeVisible();
    await expect(batchSelect(page)).toBeDisabled();
    await expect(batchSelect(page).getByRole('option')).toHaveText(['Registration is closed']);
    await expect(proceedToBuy(page)).toBeDisabled();
  });

  test('a discount code in the cart shows the price after discount', async ({ page }) => {
    await page.goto('/wifi7-workshop');
    await page.evaluate(() =>
      localStorage.setItem(
        'cart',
        JSON.stringify({
          // A code with no end date, so the test holds on any day.
          state: { cartItems: [], billingInformation: {}, discountCode: 'TEAM15' },
          version: 1,
        }),
      ),
    );
    await page.reload();
    await expect(page.getByText('$424.15', { exact: true })).toBeVisible();
    await expect(page.getByText('(after 15% discount)')).toBeVisible();
  });

  test('a visitor in India sees the price in rupees', async ({ page }) => {
    await page.route('**/geo/json', (route) =>
      route.fulfill({ json: { country: 'IN' }, headers: { 'access-control-allow-origin': '*' } }),
    );
    const pricing = page.waitForRequest('**/api/courses/pricing');
    await page.goto('/wifi7-workshop');
    expect((await pricing).postDataJSON()).toMatchObject({ countryCode: 'IN', discountCode: null });
    await expect(page.getByText('₹41,299.00', { exact: true })).toBeVisible();
  });

  test('a failing workshop list shows the error text', async ({ page }) => {
    await page.route(WORKSHOP_LIST, (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
    );
    await signIn(page);
    await expect(page.getByRole('alert').filter({ hasText: FETCH_FAILED })).toBeVisible();
    await expect(proceedToBuy(page)).toBeDisabled();
  });
});
