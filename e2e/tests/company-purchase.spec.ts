/**
 * Company purchases in the browser (beyond the spec), at 1280 and 375 px
 * with axe: a buyer orders 3 seats with 2 named attendees and one left
 * open, pays the one invoice on the PayPal stand-in, and the courses-portal
 * stand-in receives the 2 attendees; the open seat's invite link is taken
 * by a third person, who is enrolled in turn; the buyer swaps an attendee
 * and the portal gets a revoke and a create. An India company order does
 * the same through one Zoho link, with a GSTIN.
 *
 * The seller's settings: up to 10 seats, 10 % off from 3 seats.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { groupOrderRoutes, type GroupSales } from '@wifi7/contract';
import { uniqueEmail, waitForMessage } from '../support/inbox';
import { capture, expectNoSeriousViolations } from '../support/look';
import { chooseBatchAndProceed, payByInvoiceForm } from '../support/purchase';
import { putAsSeller } from '../support/seller-api';
import { signIn } from '../support/sign-in';
import { inboxUrl, siteUrl } from '../support/urls';

const SELLER = 'orders.seller@example.com';
const SETTINGS: GroupSales = {
  maxSeatsPerOrder: 10,
  volumeTiers: [{ minSeats: 3, percent: 10 }],
  namesUntilDaysBefore: 0,
};
const BATCH = 'WIFI7-2027-04-AM';

test.beforeAll(async () => {
  expect((await putAsSeller(SELLER, groupOrderRoutes.sellerSettings, SETTINGS)).status).toBe(200);
});

interface PortalMessage {
  type: string;
  student: { email: string };
  order: { id: string; total: string };
}

/** What the courses-portal stand-in received of this order, as `type email` lines. */
async function portalLinesOf(orderId: string): Promise<string[]> {
  const response = await fetch(`${inboxUrl}/portal/_control/enrollments`);
  const { enrollments } = (await response.json()) as { enrollments: PortalMessage[] };
  return enrollments
    .filter((each) => each.order.id === orderId)
    .map((each) => `${each.type} ${each.student.email}`)
    .sort();
}

/** The order `attendee` was handed to the portal for (the Zoho checkout answers no order id). */
async function orderHandedOffFor(attendee: Person): Promise<string> {
  let orderId = '';
  await expect
    .poll(
      async () => {
        const response = await fetch(`${inboxUrl}/portal/_control/enrollments`);
        const { enrollments } = (await response.json()) as { enrollments: PortalMessage[] };
        orderId = enrollments.find((each) => each.student.email === attendee.email)?.order.id ?? '';
        return orderId;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return orderId;
}

async function expectPortal(orderId: string, lines: string[]) {
  await expect.poll(() => portalLinesOf(orderId), { timeout: 60_000 }).toEqual(lines.sort());
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

interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

const person = (firstName: string, lastName: string): Person => ({
  firstName,
  lastName,
  email: uniqueEmail(firstName.toLowerCase()),
});

/** Opens the seats section and fills it: a person per seat, or null for an open seat. */
async function fillSeats(page: Page, seats: (Person | null)[]) {
  await page.getByText('Buying several seats or for someone else?').click();
  const count = page.getByRole('spinbutton', { name: 'Seats' });
  await expect(count).toBeVisible();
  for (let n = 1; n < seats.length; n += 1) {
    await page.getByRole('button', { name: 'One seat more' }).click();
  }
  await expect(count).toHaveValue(String(seats.length));
  for (const [index, seat] of seats.entries()) {
    const row = page.getByRole('group', { name: `Seat ${index + 1}` });
    if (seat) {
      await row.getByRole('textbox', { name: 'First name' }).fill(seat.firstName);
      await row.getByRole('textbox', { name: 'Last name' }).fill(seat.lastName);
      await row.getByRole('textbox', { name: 'Email', exact: true }).fill(seat.email);
    } else {
      await row.getByRole('checkbox', { name: 'Leave open: send an invite later' }).check();
    }
  }
}

async function openMyOrders(page: Page) {
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
}

const card = (page: Page) => page.getByRole('article').first();

/** A second person, in a browser of their own, takes the seat behind `inviteUrl`. */
async function takeInvite(browser: Browser, inviteUrl: string, invitee: Person) {
  const context = await browser.newContext({ baseURL: siteUrl });
  const page = await context.newPage();
  try {
    await signIn(page, invitee.email);
    await page.goto(inviteUrl);
    await expect(
      page.getByRole('heading', { level: 1, name: 'A seat in the workshop for you' }),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'First name' }).fill(invitee.firstName);
    await page.getByRole('textbox', { name: 'Last name' }).fill(invitee.lastName);
    await look(page, 'seat-invite');
    await page.getByRole('button', { name: 'Take this seat' }).click();
    await expect(page.getByRole('heading', { name: 'The seat is yours' })).toBeVisible();
  } finally {
    await context.close();
  }
}

/**
 * On the buyer's My orders: the open seat's invite link is taken by
 * `invitee` in a browser of their own, then seat `swap.seat` passes from one
 * person to another; the portal hears of each person on their own.
 */
async function inviteThenSwap(
  page: Page,
  browser: Browser,
  options: {
    orderId: string;
    enrolled: Person[];
    invitee: Person;
    swap: { seat: number; from: Person; to: Person };
    shots: string;
  },
) {
  const { orderId, enrolled, invitee, swap, shots } = options;
  const created = (people: Person[]) => people.map((each) => `enrollment.created ${each.email}`);
  await openMyOrders(page);
  await expect(card(page)).toContainText('Paid', { timeout: 60_000 });
  await expect(card(page)).toContainText(`${swap.from.firstName} ${swap.from.lastName}`);
  // The open seat's invite link, shown to copy and pass on.
  const inviteText = card(page).getByText(/\/seat-invite\?code=/);
  await expect(inviteText).toBeVisible();
  const inviteUrl = ((await inviteText.textContent()) ?? '').trim();
  await look(page, `${shots}-my-orders`);

  await takeInvite(browser, inviteUrl, invitee);
  await expectPortal(orderId, created([...enrolled, invitee]));

  // The buyer swaps one attendee for another: the portal revokes one and enrols the other.
  await page.reload();
  const seat = card(page)
    .getByRole('listitem')
    .filter({ hasText: `${swap.from.firstName} ${swap.from.lastName}` });
  await seat.getByRole('button', { name: `Change attendee of seat ${swap.seat}` }).click();
  const dialog = page.getByRole('dialog', { name: `Change the attendee of seat ${swap.seat}` });
  await dialog.getByRole('textbox', { name: 'First name' }).fill(swap.to.firstName);
  await dialog.getByRole('textbox', { name: 'Last name' }).fill(swap.to.lastName);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(swap.to.email);
  await look(page, `${shots}-change-attendee`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page)).toContainText(`${swap.to.firstName} ${swap.to.lastName}`);
  await expectPortal(orderId, [
    ...created([...enrolled, invitee, swap.to]),
    `enrollment.revoked ${swap.from.email}`,
  ]);
}

test('a company buys 3 seats on one invoice; each attendee is enrolled, an invite too, and a swap', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const ada = person('Ada', 'Lovelace');
  const alan = person('Alan', 'Turing');
  const grace = person('Grace', 'Hopper');
  const edsger = person('Edsger', 'Dijkstra');

  const buyer = await signIn(page);
  await chooseBatchAndProceed(page, BATCH);
  await fillSeats(page, [ada, alan, null]);
  // $499.00 a seat; 10 % off three seats: $1,347.30, to the cent on the page and the invoice.
  await expect(page.getByText('3 seats × $499.00')).toBeVisible();
  await expect(page.getByText('Volume discount (3+ seats): −10\u00a0%')).toBeVisible();
  await expect(page.getByText('$1,347.30').first()).toBeVisible();
  await look(page, 'company-checkout');

  const orderId = await payByInvoiceForm(page);
  await expect(page.getByRole('dialog', { name: 'How it works?' })).toContainText(
    'The invite links for the seats you left open are on',
  );
  const invoice = await waitForMessage(buyer, 'invoice');
  expect(invoice.text).toContain('1,347.30');
  await page.goto(invoice.links[0]!.href);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(/Payment complete/)).toBeVisible();

  // Two named attendees, each handed to the portal on their own; nobody for the open seat.
  await expectPortal(orderId, [
    `enrollment.created ${ada.email}`,
    `enrollment.created ${alan.email}`,
  ]);
  expect(await portalLinesOf(orderId)).not.toContain(`enrollment.created ${buyer}`);

  await inviteThenSwap(page, browser, {
    orderId,
    enrolled: [ada, alan],
    invitee: grace,
    swap: { seat: 2, from: alan, to: edsger },
    shots: 'company',
  });
});

test('an India company order with a GSTIN: one Zoho link, an attendee enrolled, an invite and a swap', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  await page.context().route('**/geo/json', (route) => route.fulfill({ json: { country: 'IN' } }));
  const asha = person('Asha', 'Rao');
  const ravi = person('Ravi', 'Kumar');
  const kiran = person('Kiran', 'Shah');
  const email = await signIn(page);
  await chooseBatchAndProceed(page, 'WIFI7-2027-02-PM');
  await fillSeats(page, [asha, null]);
  await expect(page.getByText('2 seats × ₹41,299.00')).toBeVisible();
  await page.getByRole('button', { name: 'Proceed with Zoho Payment' }).click();

  await expect(page).toHaveURL(/\/checkout\/zoho-contact$/);
  await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
  // Exact: the seats' "First name" fields may still be on the page it leaves.
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Meera');
  await page.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Iyer');
  await page.getByRole('textbox', { name: 'City' }).fill('Mumbai');
  await page.getByRole('combobox', { name: 'State' }).selectOption('Maharashtra');
  await page.getByRole('textbox', { name: 'ZIP Code' }).fill('400001');
  await page.getByText('Buying for a company?').click();
  await page.getByRole('textbox', { name: 'Company' }).fill('Rao Wireless Pvt Ltd');
  await page.getByRole('textbox', { name: 'GSTIN' }).fill('27aapfu0939f1zv');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page).toHaveURL(/\/checkout\/zoho$/);
  await expect(page.getByText('Total: ₹82,598.00')).toBeVisible();
  await look(page, 'company-zoho-payment');
  const linkMail = await waitForMessage(email, 'payment-link');
  expect(linkMail.text).toContain('82,598.00');
  const payNow = page.getByRole('link', { name: 'Pay Now' });
  const [zohoPage] = await Promise.all([page.waitForEvent('popup'), payNow.click()]);
  await zohoPage.getByRole('button', { name: 'Pay' }).click();
  await zohoPage.waitForURL(/\/checkout\/zoho-payment-status/);

  // One attendee named at checkout, handed to the portal; the open seat waits for its invite.
  const orderId = await orderHandedOffFor(asha);
  await expectPortal(orderId, [`enrollment.created ${asha.email}`]);
  await inviteThenSwap(page, browser, {
    orderId,
    enrolled: [asha],
    invitee: ravi,
    swap: { seat: 1, from: asha, to: kiran },
    shots: 'company-india',
  });
});
