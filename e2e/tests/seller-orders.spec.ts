/**
 * The seller's back office in the browser: the seller signs in, a buyer
 * buys a seat by PayPal invoice in another browser, and the seller finds
 * the order, reads its timeline, exports it as CSV and refunds it through
 * the PayPal stand-in; then the courses portal stops accepting a second
 * buyer's hand-off, the order shows in "Needs attention", the sellers are
 * e-mailed once it is stuck, and a retry resolves it once the portal is
 * back. A buyer is refused on every seller route the contract declares.
 * Every page is checked with axe and captured at 1280 and 375 px.
 */
import fs from 'node:fs/promises';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { messagesTo, uniqueEmail } from '../support/inbox';
import { capture, captureElement, expectNoSeriousViolations } from '../support/look';
import { buyByPaypalInvoice, enrollmentsOf, orderByPaypalInvoice } from '../support/purchase';
import {
  HTTP_METHODS,
  idTokenOf,
  sellerPathsOfContract,
  withParameters,
} from '../support/seller-api';
import { signIn } from '../support/sign-in';
import { inboxUrl, siteUrl } from '../support/urls';

const SELLER = 'orders.seller@example.com';
const BATCH = 'WIFI7-2027-01-AM';

/** A buyer in a browser of their own: signed in, then buys a seat and pays for it. */
async function buyerBuys(browser: Browser): Promise<{ email: string; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const email = await signIn(page, uniqueEmail('buyer'));
  await buyByPaypalInvoice(page, email, BATCH);
  return { email, close: () => context.close() };
}

/** Axe and a screenshot at 1280 and 375 px, of the whole page or (under a dialog) of the view. */
async function look(page: Page, name: string, fullPage = true) {
  await expectNoSeriousViolations(page);
  await capture(page, name, fullPage);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page);
  await capture(page, name, fullPage);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the seller sees, exports and refunds an order, and resolves a failed hand-off', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  await signIn(page, SELLER);
  const buyer = await buyerBuys(browser);
  await expect
    .poll(async () => (await enrollmentsOf(buyer.email)).length, { timeout: 60_000 })
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
  // Every field quoted, so no spreadsheet splits a value whatever its list separator.
  expect(lines[0]).toMatch(
    /^"Order","Created \(UTC\)","State","Paid \(UTC\)","E-mail","First name",/,
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,"paid",`);
  expect(lines[1]).toContain(`,"${buyer.email}","Grace","Hopper",`);
  expect(lines[1]).toContain(',"USD","499.00","0.00","499.00",');
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
  await look(page, 'seller-refund-dialog', false);
  await dialog.getByRole('button', { name: 'Refund $499.00' }).click();
  // The toast says what happened; the timeline soon says it too, as the seller's action.
  await expect(
    page.getByRole('status').filter({ hasText: /^Refunded 499\.00 USD in full/ }),
  ).toBeVisible();
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
  let secondOrder: string;
  const item = page.getByRole('article').filter({ hasText: second });
  try {
    const context = await browser.newContext();
    const buyerPage = await context.newPage();
    await signIn(buyerPage, second);
    secondOrder = await buyByPaypalInvoice(buyerPage, second, BATCH);
    await context.close();

    await page.goto('/seller/attention');
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(item).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(item).toContainText('Paid but not handed off to the courses portal');
    await expect(item).toContainText('portal answered 500');
    await look(page, 'seller-attention');

    // The site retries on its own and mails the sellers once the hand-off is stuck, a few
    // attempts in (minutes apart); the seller's retries while the portal still refuses are
    // attempts too, and get there without waiting.
    for (let retry = 1; !(await isStuck(item)); retry += 1) {
      expect(retry, 'retries before the hand-off counts as stuck').toBeLessThanOrEqual(5);
      const failed = await failedAttempts(item);
      await retryHandoff(page, item);
      await expect(
        page
          .getByText(
            'The courses portal did not acknowledge the hand-off yet; it is retried on its own.',
          )
          .first(),
      ).toBeVisible();
      await expect.poll(() => failedAttempts(item), { timeout: 60_000 }).toBeGreaterThan(failed);
    }
    await expectOneMailAbout(secondOrder);
  } finally {
    await fetch(`${inboxUrl}/portal/_control/faults`, { method: 'DELETE' });
  }

  // The sellers' e-mail, in the inbox and as a mail program shows its HTML part.
  const [mail] = await mailsAbout(secondOrder);
  const subject = `Needs attention: ${second} not yet enrolled at the courses portal`;
  expect(mail!.subject).toBe(subject);
  expect(mail!.text).toMatch(
    new RegExp(
      `^The courses portal has not acknowledged the enrolment of ${escaped(second)} ` +
        `\\(order ${secondOrder}\\) after \\d+ attempts\\.\n\nLast error: portal answered 500\\.\n`,
    ),
  );
  expect(mail!.text).toContain(`Open the order: ${siteUrl}/seller/orders/${secondOrder}`);
  const reader = await browser.newContext({
    viewport: { width: 375, height: 812 },
    // The inbox page reloads itself as mail arrives: not while it is captured.
    javaScriptEnabled: false,
  });
  const inbox = await reader.newPage();
  await inbox.goto(`${inboxUrl}/?to=${encodeURIComponent(SELLER)}`);
  const card = inbox.getByRole('article', { name: subject });
  await expect(card).toContainText(`Last error: portal answered 500.`);
  await expect(card.getByRole('link', { name: 'View as HTML' })).toBeVisible();
  await captureElement(inbox, card, 'seller-attention-mail-inbox');
  await reader.close();
  const mailContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const mailProgram = await mailContext.newPage();
  await mailProgram.setContent(mail!.html!);
  await expect(mailProgram.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
  await expect(mailProgram.getByRole('link', { name: 'Open the order' })).toHaveAttribute(
    'href',
    `${siteUrl}/seller/orders/${secondOrder}`,
  );
  await expectNoSeriousViolations(mailProgram);
  await capture(mailProgram, 'seller-attention-mail', true);
  await mailProgram.setViewportSize({ width: 1280, height: 800 });
  await capture(mailProgram, 'seller-attention-mail', true);
  await mailContext.close();

  // The portal is back: a retry from the page delivers the hand-off.
  await retryHandoff(page, item);
  await expect(
    page.getByRole('status').filter({ hasText: 'The courses portal acknowledged the hand-off.' }),
  ).toBeVisible();
  await expect(item).toBeHidden();
  expect(await enrollmentsOf(second)).toHaveLength(1);

  // Every action is in the audit log.
  await page.goto('/seller/audit');
  const log = page.getByRole('table', { name: 'Seller actions, newest first' });
  await expect(log.getByRole('row').filter({ hasText: 'Retry hand-off' }).first()).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'Refund' }).first()).toContainText(SELLER);
  await look(page, 'seller-audit');

  // Still the one e-mail, many passes of the background jobs later.
  expect(await mailsAbout(secondOrder)).toHaveLength(1);
});

/** The e-mails the sellers were sent about one order. */
async function mailsAbout(orderId: string) {
  return (await messagesTo(SELLER)).filter(
    (message) => message.kind === 'smtp' && message.text.includes(`(order ${orderId})`),
  );
}

async function expectOneMailAbout(orderId: string) {
  await expect
    .poll(async () => (await mailsAbout(orderId)).length, {
      timeout: 60_000,
      message: `an e-mail to ${SELLER} about order ${orderId}`,
    })
    .toBe(1);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The hand-off attempts that failed, as the item on "Needs attention" counts them. */
async function failedAttempts(item: Locator): Promise<number> {
  const match = /(\d+) attempts? failed/.exec(await item.innerText());
  return Number(match?.[1] ?? 0);
}

function isStuck(item: Locator): Promise<boolean> {
  return item.getByText('Hand-off stuck', { exact: true }).isVisible();
}

async function retryHandoff(page: Page, item: Locator) {
  await item.getByRole('button', { name: 'Retry hand-off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send the hand-off again?' });
  await dialog.getByRole('button', { name: 'Send it now' }).click();
  await expect(dialog).toBeHidden();
}

/** Values that exist, for the routes' parameters: the buyer's own order, a batch, … */
const realParameters = (orderId: string) => ({
  orderId,
  batchId: BATCH,
  workshopSku: 'WIFI7-LIVE',
  code: 'TEAM15',
  // No place exists on this site's waitlists: the role is refused before any look-up.
  placeId: '1',
  // Every order has its seats as rows: the order's first seat, and what a seller does to it.
  seatId: `${orderId}-1`,
  action: 'refund',
});

test('a buyer is refused on every seller route, and shown why on the seller pages', async ({
  page,
}) => {
  const email = await signIn(page);
  // A route that forgot to check the role would find the buyer's own order and act on it.
  const orderId = await orderByPaypalInvoice(page, email, BATCH);
  const token = await idTokenOf(page);
  const call = (method: string, path: string, authorization?: string) =>
    page.request.fetch(`${siteUrl}${path}`, {
      method,
      headers: {
        ...(authorization ? { authorization } : {}),
        'content-type': 'application/json',
      },
      data: method === 'GET' ? undefined : { idempotencyKey: 'key-buyer-0001' },
    });

  // The contract names paths, not methods: every method is tried, and one the path does not
  // serve is answered as nowhere at all.
  const refused: string[] = [];
  const paths = sellerPathsOfContract();
  for (const route of paths) {
    const path = withParameters(route, realParameters(orderId));
    for (const method of HTTP_METHODS) {
      const asBuyer = await call(method, path, `Bearer ${token}`);
      if (asBuyer.status() === 404) {
        expect(await asBuyer.json(), `${method} ${route}`).toMatchObject({
          message: `Nothing at ${method} ${path}`,
        });
        continue;
      }
      expect(asBuyer.status(), `${method} ${route} as a buyer`).toBe(403);
      expect((await call(method, path)).status(), `${method} ${route} without a token`).toBe(401);
      refused.push(`${method} ${route}`);
    }
  }
  // Every path of the contract is served, and the ones that change things are among them.
  expect(new Set(refused.map((each) => each.split(' ')[1]))).toEqual(new Set(paths));
  expect(refused).toEqual(
    expect.arrayContaining([
      'POST /api/seller/orders/:orderId/refund',
      'PUT /api/seller/batches/:batchId/status',
      'POST /api/seller/discount-codes',
      'PUT /api/seller/content/testimonials',
      'POST /api/seller/images',
    ]),
  );

  for (const sellerPage of [
    '/seller/orders',
    `/seller/orders/${orderId}`,
    '/seller/attention',
    '/seller/batches',
    '/seller/discount-codes',
    '/seller/content',
    '/seller/audit',
    '/seller/waitlist',
  ]) {
    await page.goto(sellerPage);
    await expect(
      page.getByRole('heading', { level: 1, name: 'For the seller only' }),
      sellerPage,
    ).toBeVisible();
  }
});
