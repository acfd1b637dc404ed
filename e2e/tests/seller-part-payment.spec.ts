/**
 * Money the order did not expect, as the seller sees it: a buyer pays part
 * of a PayPal invoice, and "Needs attention" shows the order at once with
 * what came and what is still due, and where to resolve it.
 */
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/inbox';
import { expectNoSeriousViolations } from '../support/look';
import { orderByPaypalInvoice } from '../support/purchase';
import { signIn } from '../support/sign-in';
import { inboxUrl } from '../support/urls';

const SELLER = 'orders.seller@example.com';
const BATCH = 'WIFI7-2027-01-AM';

test('a part payment shows in Needs attention with what came and what is due', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const buyerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const buyerPage = await buyerContext.newPage();
  const email = await signIn(buyerPage, uniqueEmail('part-payer'));
  const orderId = await orderByPaypalInvoice(buyerPage, email, BATCH);
  await buyerContext.close();

  // The buyer pays 100.00 of the invoice at PayPal; PayPal tells the site.
  const listed = (await (await fetch(`${inboxUrl}/paypal/_control/invoices`)).json()) as {
    invoices: { id: string; detail: { reference?: string } }[];
  };
  const invoice = listed.invoices.find((each) => each.detail.reference === orderId);
  expect(invoice).toBeDefined();
  const paid = await fetch(`${inboxUrl}/paypal/_control/invoices/${invoice!.id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: '100.00' }),
  });
  expect(paid.status).toBe(200);

  await signIn(page, SELLER);
  const item = page.getByRole('article').filter({ hasText: `Order ${orderId}` });
  await expect
    .poll(
      async () => {
        await page.goto('/seller/attention');
        await expect(
          page.getByRole('heading', { level: 1, name: 'Needs attention' }),
        ).toBeVisible();
        return item.count();
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  await expect(item).toContainText(/received 100\.00 USD, [\d,]+\.\d\d USD still due/);
  await expect(item).toContainText('record the rest as paid there');
  await expect(item.getByRole('link', { name: `Open order ${orderId}` })).toBeVisible();
  await expectNoSeriousViolations(page);
});
