/**
 * The waitlist of a full batch in the browser, on a site of its own (a full
 * batch would change what every other spec's buyers see): the seller sets a
 * batch's capacity to what is sold, a signed-in buyer presses "Join
 * waitlist" and is told they will be e-mailed; the seller adds a seat, the
 * offer e-mail arrives, and its link takes the buyer straight to checkout
 * with the batch, where they pay by PayPal invoice within the hold. The
 * seller's waitlist shows the place converted; a second buyer waits and is
 * removed after a confirmation. The offer page's other outcomes (another
 * address, used, unknown) are shown too. Every view passes axe and is
 * captured at 1280 and 375 px.
 */
import {
  sellerCatalogPath,
  sellerCatalogRoutes,
  type SellerBatch,
  type SellerBatchUpdateRequest,
} from '@wifi7/contract';
import type { Browser, Page } from '@playwright/test';
import { messagesTo, uniqueEmail, waitForMessage, type InboxMessage } from '../support/inbox';
import { capture, captureElement, expectNoSeriousViolations } from '../support/look';
import { expect, test } from '../support/private-site';
import { idTokenOf } from '../support/seller-api';
import { signIn } from '../support/sign-in';

const BATCH = 'WIFI7-2027-02-PM';
const DATES = 'Feb 8 - Mar 29, 2027';

/** Axe and a screenshot at 1280 and 375 px, then back to 1280. */
async function look(page: Page, name: string, fullPage = false) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousViolations(page);
  await capture(page, name, fullPage);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page);
  await capture(page, name, fullPage);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Sets a batch's seat capacity through the back office's API, as the seller. */
async function setCapacity(seller: Page, batchId: string, seatCapacity: number) {
  const authorization = `Bearer ${await idTokenOf(seller)}`;
  const list = await seller.request.get(sellerCatalogRoutes.batches, {
    headers: { authorization },
  });
  expect(list.status()).toBe(200);
  const { batches } = (await list.json()) as { batches: SellerBatch[] };
  const batch = batches.find((each) => each.id === batchId)!;
  const body: SellerBatchUpdateRequest = {
    region: batch.region,
    sessionStarts: batch.sessionStarts,
    sessionMinutes: batch.sessionMinutes,
    seatCapacity,
    status: batch.status,
  };
  const saved = await seller.request.put(sellerCatalogPath(sellerCatalogRoutes.batch, batchId), {
    headers: { authorization },
    data: body,
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function buyerPage(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, email);
  return { page, email };
}

/** The buyer chooses the full batch on the workshop page and presses "Join waitlist". */
async function joinWaitlist(page: Page) {
  await page.goto('/wifi7-workshop');
  const select = page.getByRole('combobox', { name: 'Batch' });
  await expect(select).toBeEnabled();
  await select.selectOption(BATCH);
  await expect(page.getByText(/^This batch is full\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Buy' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Join waitlist' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'You’re on the waitlist' });
  await expect(confirmation).toBeVisible();
  await expect(page.getByText('You’re on the waitlist', { exact: true })).toBeFocused();
  return confirmation;
}

async function offerMailTo(email: string): Promise<InboxMessage> {
  let found: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesTo(email)).find((message) =>
          message.subject.startsWith('A seat is free'),
        );
        return found !== undefined;
      },
      { timeout: 60_000, message: `an offer e-mail to ${email}` },
    )
    .toBe(true);
  return found!;
}

test('a buyer waits for a full batch, is offered a freed seat and buys it', async ({
  page,
  browser,
  privateSite,
}) => {
  test.setTimeout(600_000);
  await signIn(page, privateSite.sellerEmail);
  // Nothing is sold yet: a capacity of 0 makes the batch full.
  await setCapacity(page, BATCH, 0);

  const { page: buyer, email: buyerEmail } = await buyerPage(
    browser,
    privateSite.url,
    uniqueEmail('waiting'),
  );
  const confirmation = await joinWaitlist(buyer);
  await expect(confirmation).toContainText(
    `You’re on the waitlist for ${DATES}. We’ll e-mail ${buyerEmail} as soon as a seat frees; it will be held for you for 24 hours.`,
  );
  await expect(confirmation).toContainText('You’re next in line.');
  await look(buyer, 'waitlist-joined');
  for (const width of [1280, 375]) {
    await buyer.setViewportSize({ width, height: 812 });
    await captureElement(buyer, buyer.locator('#enroll'), 'waitlist-joined-card');
  }
  await buyer.setViewportSize({ width: 1280, height: 800 });

  // The seller's view: one waiting, no seat.
  await page.goto('/seller/waitlist');
  const batchRow = page
    .getByRole('table', { name: 'Batches and their waitlists' })
    .getByRole('row')
    .filter({ hasText: BATCH });
  await expect(batchRow).toContainText('0 of 0 taken');
  await expect(batchRow).toContainText('Full');
  await look(page, 'seller-waitlist', true);

  // A seat frees: the seller adds one. It is held for the buyer, who is e-mailed.
  await setCapacity(page, BATCH, 1);
  const offer = await offerMailTo(buyerEmail);
  const link = /Take my seat: (\S+)/.exec(offer.text)![1]!;
  expect(link.startsWith(`${privateSite.url}/waitlist/offer?token=`)).toBe(true);

  // Opened by someone else (the seller), the offer says whose it is and does not move.
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This offer is for another e-mail address' }),
  ).toBeFocused();
  await look(page, 'waitlist-offer-not-yours');
  await page.goto('/waitlist/offer?token=' + 'x'.repeat(43));
  await expect(
    page.getByRole('heading', { level: 1, name: 'We couldn’t find this offer' }),
  ).toBeVisible();
  await look(page, 'waitlist-offer-unknown');

  // The buyer follows the link: checkout with the batch, the hold's end in a toast.
  await buyer.goto(link);
  await expect(buyer).toHaveURL(/\/checkout$/);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(buyer.getByText(/^Your seat is held for you until .+ Pacific Time/)).toBeVisible();
  const summary = buyer.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Wi-Fi 7 (802.11be) Live Online Workshop');
  // The batch is full (the held seat is the buyer's), so the signed-in list leaves it out;
  // its timing comes from the public schedule.
  await expect(summary).toContainText('Mon & Wed, 7 - 9 PM PT (Asia-Pacific)');
  expect(
    await buyer.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state?.cartItems),
  ).toEqual([expect.objectContaining({ batchId: BATCH })]);
  await look(buyer, 'waitlist-offer-checkout');

  const form = buyer.getByRole('region', { name: 'Registration & Billing Information' });
  await form.getByRole('textbox', { name: 'First Name' }).fill('Grace');
  await form.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
  await form.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await form.getByRole('textbox', { name: 'City' }).fill('Arlington');
  await form.getByRole('textbox', { name: 'Zipcode' }).fill('22201');
  await form.getByRole('button', { name: 'Pay by PayPal Invoice' }).click();
  await expect(buyer.getByRole('dialog', { name: 'How it works?' })).toBeVisible();
  const invoice = await waitForMessage(buyerEmail, 'invoice');
  const payPage = await buyer.context().newPage();
  await payPage.goto(invoice.links[0]!.href);
  await payPage.getByRole('button', { name: 'Pay' }).click();
  await expect(payPage.getByText(/Payment complete/)).toBeVisible();
  // (PayPal's webhooks go to the shared site; this site's reconciler settles the order later.)
  await payPage.close();

  // The link again: used.
  await buyer.goto(link);
  await expect(
    buyer.getByRole('heading', { level: 1, name: 'This offer has already been used' }),
  ).toBeFocused();
  await look(buyer, 'waitlist-offer-used');
  await buyer.context().close();

  // The seller sees the place converted into the order.
  await page.goto('/seller/waitlist');
  await batchRow.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Waitlist: ${DATES}` })).toBeVisible();
  const places = page.getByRole('table', { name: 'Places in line order' });
  const converted = places.getByRole('row').filter({ hasText: buyerEmail });
  await expect(converted).toContainText('Converted');
  await expect(converted.getByRole('link')).toHaveAttribute('href', /^\/seller\/orders\//);

  // A second buyer waits for the now full batch, and the seller removes them.
  const { page: second, email: secondEmail } = await buyerPage(
    browser,
    privateSite.url,
    uniqueEmail('second'),
  );
  await joinWaitlist(second);
  await second.context().close();
  await page.reload();
  const waiting = places.getByRole('row').filter({ hasText: secondEmail });
  await expect(waiting).toContainText('Waiting');
  await look(page, 'seller-waitlist-batch', true);

  await waiting.getByRole('button', { name: `Remove ${secondEmail}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove from the waitlist?' });
  await expect(dialog).toContainText(`${secondEmail} loses their place in line`);
  await dialog
    .getByRole('textbox', { name: 'Note for the audit log (optional)' })
    .fill('Asked to be taken off by e-mail');
  await look(page, 'seller-waitlist-remove-dialog');
  await dialog.getByRole('button', { name: 'Remove from waitlist' }).click();
  await expect(dialog).toBeHidden();
  await expect(waiting).toContainText('Removed');
  await expect(waiting.getByRole('button')).toHaveCount(0);
});
