/**
 * The seller's back office in the browser: the seller signs in, a buyer
 * buys a seat by PayPal invoice in another browser, and the seller finds
 * the order, reads its timeline, exports it as CSV and refunds it through
 * the PayPal stand-in; then the courses portal stops accepting a second
 * buyer's hand-off and the order shows in "Needs attention", where a retry
 * resolves it. A buyer is refused on every seller route. Every page is
 * checked with axe and captured at 1280 and 375 px.
 */
import fs from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/inbox';
import { capture, expectNoSeriousViolations } from '../support/look';
import { buyByPaypalInvoice, enrollmentsOf } from '../support/purchase';
import { signIn } from '../support/sign-in';
import { inboxUrl, siteUrl } from '../support/urls';

const SELLER = 'seller@example.com';
const BATCH = 'WIFI7-2027-01-AM';

/** The back office's API when this was written; the server's route test walks every route. */
const SELLER_ROUTES: [method: 'GET' | 'POST', path: string][] = [
  ['GET', '/api/seller/audit'],
  ['GET', '/api/seller/orders'],
  ['GET', '/api/seller/orders.csv'],
  ['GET', '/api/seller/batch-choices'],
  ['GET', '/api/seller/attention'],
  ['GET', '/api/seller/orders/ORDER0000000001'],
  ...[
    'resend',
    'mark-paid',
    'cancel',
    'refund',
    'move-batch',
    'retry-handoff',
    'dismiss-attention',
    'attach',
    'reissue',
  ].map((action): ['POST', string] => ['POST', `/api/seller/orders/ORDER0000000001/${action}`]),
];

/** A buyer in a browser of their own: signed in, then buys a seat and pays for it. */
async function buyerBuys(browser: Browser): Promise<{ email: string; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const email = await signIn(page, uniqueEmail('buyer'));
  await buyByPaypalInvoice(page, email, BATCH);
  return { email, close: () => context.close() };
}

/** The signed-in user's Firebase ID token, as the app keeps it in the browser. */
function idTokenOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const opened = indexedDB.open('firebaseLocalStorageDb');
        opened.onerror = () => reject(new Error('no Firebase storage'));
        opened.onsuccess = () => {
          const all = opened.result
            .transaction('firebaseLocalStorage')
            .objectStore('firebaseLocalStorage')
            .getAll();
          all.onsuccess = () => {
            const user = (
              all.result as { value?: { stsTokenManager?: { accessToken?: string } } }[]
            ).find((entry) => entry.value?.stsTokenManager?.accessToken);
            if (user) resolve(user.value!.stsTokenManager!.accessToken!);
            else reject(new Error('nobody is signed in'));
          };
        };
      }),
  );
}

async function look(page: Page, name: string) {
  await expectNoSeriousViolations(page);
  await capture(page, name, true);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page);
  await capture(page, name, true);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the seller sees, exports and refunds an order, and resolves a failed hand-off', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, SELLER);
  const buyer = await buyerBuys(browser);
  await expect
    .poll(async () => (await enrollmentsOf(buyer.email)).length, { timeout: 20_000 })
    .toBe(1);

  // The order in the list, found by the buyer's address.
  await page.goto('/seller/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(buyer.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(buyer.email)}`));
  const table = page.getByRole('table', { name: 'Orders, newest first' });
  const row = table.getByRole('row').filter({ hasText: buyer.email });
  await expect(row).toContainText('$499.00');
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('PayPal');
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();

  // The export: every order matching the search, as CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await fs.readFile(await download.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toMatch(/^Order,Created \(UTC\),State,Paid \(UTC\),E-mail,First name,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,paid,`);
  expect(lines[1]).toContain(`,${buyer.email},Grace,Hopper,`);
  expect(lines[1]).toContain(',USD,499.00,0.00,499.00,');
  await look(page, 'seller-orders');

  // Its timeline, from checkout to the courses portal.
  await row.getByRole('link', { name: buyer.email }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  for (const step of [
    'Order placed',
    'PayPal: create and send the invoice or link',
    'Webhook from PayPal: INVOICING.INVOICE.PAID',
    'Payment received',
    'Courses portal acknowledged (enrol)',
  ]) {
    await expect(timeline.getByText(step, { exact: true }).first()).toBeVisible();
  }
  await look(page, 'seller-order');

  // A full refund through the PayPal stand-in, confirmed first.
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund the buyer?' });
  await expect(dialog.getByRole('textbox', { name: 'Amount (USD)' })).toHaveValue('499.00');
  await dialog
    .getByRole('textbox', { name: 'Note to the buyer (optional)' })
    .fill('As agreed by e-mail');
  await look(page, 'seller-refund-dialog');
  await dialog.getByRole('button', { name: 'Refund $499.00' }).click();
  await expect(page.getByText(/^Refunded 499\.00 USD in full/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await expect(timeline.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await expect(timeline.getByText('PayPal: refund', { exact: true })).toBeVisible();
  await expect(timeline.getByText(`by ${SELLER}`).first()).toBeVisible();
  const invoices = (await (await fetch(`${inboxUrl}/paypal/_control/invoices`)).json()) as {
    invoices: {
      status: string;
      primary_recipients?: { billing_info?: { email_address?: string } }[];
    }[];
  };
  const invoice = invoices.invoices.find(
    (each) => each.primary_recipients?.[0]?.billing_info?.email_address === buyer.email,
  );
  expect(invoice?.status).toBe('REFUNDED');
  await buyer.close();

  // The courses portal stops accepting a second buyer's hand-off: the paid order needs attention.
  const second = uniqueEmail('buyer');
  const stop = await fetch(`${inboxUrl}/portal/_control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'http-500', body: second.replace(/[.+]/g, '\\$&') }),
  });
  expect(stop.status).toBe(200);
  try {
    const context = await browser.newContext();
    const buyerPage = await context.newPage();
    await signIn(buyerPage, second);
    await buyByPaypalInvoice(buyerPage, second, BATCH);
    await context.close();

    await page.goto('/seller/attention');
    const item = page.getByRole('article').filter({ hasText: second });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(item).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(item).toContainText('Paid but not handed off to the courses portal');
    await expect(item).toContainText('portal answered 500');
    await look(page, 'seller-attention');
  } finally {
    await fetch(`${inboxUrl}/portal/_control/faults`, { method: 'DELETE' });
  }

  // The portal is back: a retry from the page delivers the hand-off.
  const item = page.getByRole('article').filter({ hasText: second });
  await item.getByRole('button', { name: 'Retry hand-off' }).click();
  await page
    .getByRole('dialog', { name: 'Send the hand-off again?' })
    .getByRole('button', { name: 'Send it now' })
    .click();
  await expect(page.getByText('The courses portal acknowledged the hand-off.')).toBeVisible();
  await expect(item).toBeHidden();
  expect(await enrollmentsOf(second)).toHaveLength(1);

  // Every action is in the audit log.
  await page.goto('/seller/audit');
  const log = page.getByRole('table', { name: 'Seller actions, newest first' });
  await expect(log.getByRole('row').filter({ hasText: 'Retry hand-off' })).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'Refund' }).first()).toContainText(SELLER);
  await look(page, 'seller-audit');
});

test('a buyer is refused on every seller route, and shown why on the seller pages', async ({
  page,
}) => {
  await signIn(page);
  const token = await idTokenOf(page);
  for (const [method, path] of SELLER_ROUTES) {
    const response = await page.request.fetch(`${siteUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      data: method === 'POST' ? { idempotencyKey: 'key-buyer-0001' } : undefined,
    });
    expect(response.status(), `${method} ${path}`).toBe(403);
  }
  await page.goto('/seller/orders');
  await expect(page.getByRole('heading', { name: 'For the seller only' })).toBeVisible();
});
