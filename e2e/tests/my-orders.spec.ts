/**
 * A buyer's own orders in the browser (beyond the spec), at 1280 and 375 px
 * with axe: an unpaid invoice is found in My orders, sent again (a second
 * e-mail in the inbox) and cancelled (its seat free); a paid order is
 * cancelled inside the policy's window and the refund reaches the PayPal
 * stand-in, or the Zoho stand-in for an India order; a paid seat moves to
 * another batch and the courses-portal stand-in records the move; outside
 * the windows the actions are not offered; and a second checkout never
 * claims an e-mail that was not sent.
 *
 * The policy: cancel or move until 100 days before the first session, 10%
 * kept. The January and February batches start sooner than that (their
 * windows are closed); the April batch later (its windows are open).
 */
import { expect, test, type Page } from '@playwright/test';
import { buyerOrderRoutes, type BuyerPolicy } from '@wifi7/contract';
import { messagesTo } from '../support/inbox';
import { capture, expectNoSeriousViolations } from '../support/look';
import {
  buyByPaypalInvoice,
  chooseBatchAndProceed,
  orderByPaypalInvoice,
  payByInvoiceForm,
} from '../support/purchase';
import { putAsSeller } from '../support/seller-api';
import { signIn } from '../support/sign-in';
import { inboxUrl } from '../support/urls';

const SELLER = 'orders.seller@example.com';
const POLICY: BuyerPolicy = {
  refundUntilDaysBefore: 100,
  keep: { kind: 'percent', percent: 10 },
  moveUntilDaysBefore: 100,
};
const OPEN_WINDOWS = 'WIFI7-2027-04-AM';
const CLOSED_WINDOWS = 'WIFI7-2027-01-AM';

test.beforeAll(async () => {
  expect((await putAsSeller(SELLER, buyerOrderRoutes.sellerPolicy, POLICY)).status).toBe(200);
});

async function openMyOrders(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'My orders', exact: true }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
}

const card = (page: Page) => page.getByRole('article').first();

/** A new buyer pays a seat of `batchId` and opens My orders, where it shows paid. */
async function paidOrderInMyOrders(page: Page, batchId: string): Promise<string> {
  const email = await signIn(page);
  await buyByPaypalInvoice(page, email, batchId);
  await page.goto('/wifi7-workshop');
  await openMyOrders(page);
  await expect(card(page)).toContainText('Paid', { timeout: 60_000 });
  return email;
}

/** Axe and a screenshot at 1280 and 375 px. */
async function look(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await expectNoSeriousViolations(page);
    await capture(page, name, true);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The stand-in's requests to refund, as the provider saw them. */
async function refundRequests(mount: '/paypal' | '/zoho'): Promise<string[]> {
  const response = await fetch(`${inboxUrl}${mount}/_control/requests`);
  const { requests } = (await response.json()) as { requests: { path: string; body: unknown }[] };
  return requests
    .filter((request) => request.path.includes('refund'))
    .map((request) => JSON.stringify(request.body));
}

test('an unpaid invoice: found in My orders, sent again, then cancelled', async ({ page }) => {
  test.setTimeout(360_000);
  const email = await signIn(page);
  await orderByPaypalInvoice(page, email, CLOSED_WINDOWS);
  await page.getByRole('button', { name: 'Close' }).click();

  // Back on the workshop page (no reload), it tells of the open order beside Proceed to Buy.
  await expect(page).toHaveURL(/\/wifi7-workshop$/);
  await page.getByRole('combobox', { name: 'Batch' }).selectOption(CLOSED_WINDOWS);
  await expect(page.getByText('You have an unpaid order for this batch')).toBeVisible();

  await openMyOrders(page);
  await expect(card(page)).toContainText('Awaiting payment');
  await expect(card(page)).toContainText('Your seat is held until');
  await look(page, 'my-orders-unpaid');

  const invoices = async () =>
    (await messagesTo(email)).filter((message) => message.kind === 'invoice').length;
  expect(await invoices()).toBe(1);
  await card(page).getByRole('button', { name: 'Send the invoice again' }).click();
  await expect(card(page).getByRole('status')).toHaveText(
    `PayPal sent you the invoice again, to ${email}.`,
  );
  await expect.poll(invoices, { timeout: 60_000 }).toBe(2);

  await card(page).getByRole('button', { name: 'Cancel this order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog).toContainText('Nothing is charged.');
  await look(page, 'my-orders-cancel-dialog');
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page).getByRole('status')).toHaveText(
    'Your order is cancelled and its invoice withdrawn. Nothing was charged.',
  );
  await expect(card(page)).toContainText('Cancelled');
  await expect(card(page).getByRole('button', { name: /Cancel|Move|Send/ })).toHaveCount(0);
  await expect.poll(async () => (await messagesTo(email)).length).toBeGreaterThan(2);
});

test('a paid order inside the window: cancelled for a refund through PayPal', async ({ page }) => {
  test.setTimeout(360_000);
  await paidOrderInMyOrders(page, OPEN_WINDOWS);
  await expect(card(page)).toContainText('You can cancel for a refund until');
  await look(page, 'my-orders-paid');

  await card(page).getByRole('button', { name: 'Cancel for a refund of $449.10' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel for a refund?' });
  await expect(dialog).toContainText('You get $449.10 back through PayPal; $49.90 is kept');
  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(card(page).getByRole('status')).toHaveText(
    'Your order is cancelled and $449.10 is on its way back to you through PayPal. Your seat is given up.',
  );
  await expect(card(page)).toContainText('Refunded $449.10.');
  expect((await refundRequests('/paypal')).some((body) => body.includes('449.10'))).toBe(true);
  await look(page, 'my-orders-refunded');
});

test('a paid seat moves to another batch, and the courses portal records the move', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const email = await paidOrderInMyOrders(page, OPEN_WINDOWS);
  await card(page).getByRole('button', { name: 'Move to another batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move to another batch' });
  await dialog.getByRole('radio', { name: /Feb/ }).check();
  await dialog.getByRole('button', { name: 'Move my seat' }).click();
  await expect(card(page).getByRole('status')).toContainText('Your seat moved from');
  await expect
    .poll(
      async () => {
        const response = await fetch(`${inboxUrl}/portal/_control/enrollments`);
        const { enrollments } = (await response.json()) as {
          enrollments: {
            type: string;
            student: { email: string };
            workshop: { batchId: string };
          }[];
        };
        return enrollments.some(
          (each) =>
            each.student.email === email &&
            each.type === 'enrollment.moved' &&
            each.workshop.batchId === 'WIFI7-2027-02-PM',
        );
      },
      { timeout: 60_000 },
    )
    .toBe(true);
});

test('outside the windows a paid order offers no cancel and no move, and says why', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await paidOrderInMyOrders(page, CLOSED_WINDOWS);
  await expect(card(page)).toContainText('Cancelling for a refund was possible until');
  await expect(card(page)).toContainText('Moving to another batch was possible until');
  await expect(card(page).getByRole('button', { name: /Cancel|Move|Send/ })).toHaveCount(0);
  await look(page, 'my-orders-closed');
});

test('a second checkout never claims an e-mail that was not sent', async ({ page }) => {
  test.setTimeout(360_000);
  const email = await signIn(page);
  await orderByPaypalInvoice(page, email, CLOSED_WINDOWS);
  await page.getByRole('button', { name: 'Close' }).click();
  // Minutes later: the invoice just sent is not sent again, and the page says so.
  await chooseBatchAndProceed(page, CLOSED_WINDOWS);
  await payByInvoiceForm(page);
  const dialog = page.getByRole('dialog', { name: 'How it works?' });
  await expect(dialog).toContainText(
    'You already have an invoice for this batch, sent to your email earlier; it was not sent again just now.',
  );
  await expect(dialog).not.toContainText('Invoice has been generated and sent to your email.');
  expect((await messagesTo(email)).filter((message) => message.kind === 'invoice')).toHaveLength(1);
});

test('an India order inside the window: cancelled for a refund through Zoho', async ({ page }) => {
  test.setTimeout(360_000);
  await page.context().route('**/geo/json', (route) => route.fulfill({ json: { country: 'IN' } }));
  await signIn(page);
  await chooseBatchAndProceed(page, OPEN_WINDOWS);
  await page.getByRole('button', { name: 'Proceed with Zoho Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/zoho-contact$/);
  await page.getByRole('textbox', { name: 'First Name' }).fill('Asha');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Rao');
  await page.getByRole('textbox', { name: 'City' }).fill('Bengaluru');
  await page.getByRole('combobox', { name: 'State' }).selectOption('Karnataka');
  await page.getByRole('textbox', { name: 'ZIP Code' }).fill('560001');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/zoho$/);
  const payNow = page.getByRole('link', { name: 'Pay Now' });
  const [zohoPage] = await Promise.all([page.waitForEvent('popup'), payNow.click()]);
  await zohoPage.getByRole('button', { name: 'Pay' }).click();
  await zohoPage.waitForURL(/\/checkout\/zoho-payment-status/);
  await zohoPage.close();

  await page.goto('/wifi7-workshop');
  await openMyOrders(page);
  await expect(card(page)).toContainText('Paid', { timeout: 60_000 });
  await card(page)
    .getByRole('button', { name: /^Cancel for a refund of ₹/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Cancel for a refund?' });
  await expect(dialog).toContainText('back through Zoho');
  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(card(page).getByRole('status')).toContainText(
    'is on its way back to you through Zoho.',
  );
  await expect(card(page)).toContainText('Refunded ₹37,169.10.');
  expect((await refundRequests('/zoho')).some((body) => body.includes('37169.1'))).toBe(true);
});
