/**
 * The purchase journeys of both rails through the reference deployment:
 * nginx with TLS in front of two instances of the release artifact on
 * PostgreSQL (scripts/test-deploy.mjs). In each, the instance that is
 * talking to a provider for the buyer is killed mid-call; the buyer presses
 * the button again, the other instance finishes, and the provider holds
 * exactly one invoice, contact and payment link for the buyer.
 *
 * On the India rail the kill lands while the Zoho Books contact is made:
 * a contact can be looked up by e-mail afterwards. A payment link cannot
 * (Zoho Payments has no search by reference), so a link whose answer is
 * lost goes to the seller instead — the fault matrix covers that case.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiRoutes } from '@wifi7/contract';
import { waitForMessage } from '../support/inbox';
import { chooseBatchAndProceed, enrollmentsOf } from '../support/purchase';
import { signInThroughInbox } from '../support/sign-in';
import { inboxUrl, siteUrl } from '../support/urls';
import { instanceServing, killInstance, logMarks, waitUntilServing } from './instances';

/** Makes the provider's next matching call take a while, so it can be cut off mid-call. */
async function slowNextCall(mount: '/paypal' | '/zoho', path: string) {
  const response = await fetch(`${inboxUrl}${mount}/_control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'slow', delayMs: 15_000, times: 1, method: 'POST', path }),
  });
  expect(response.ok).toBe(true);
}

/** Waits until the provider has received `count` calls to `path` (a regular expression). */
async function waitForProviderCalls(mount: '/paypal' | '/zoho', path: RegExp, count: number) {
  await expect
    .poll(async () => {
      const response = await fetch(`${inboxUrl}${mount}/_control/requests`);
      const { requests } = (await response.json()) as {
        requests: { method: string; path: string }[];
      };
      return requests.filter((request) => request.method === 'POST' && path.test(request.path))
        .length;
    })
    .toBeGreaterThanOrEqual(count);
}

/**
 * Presses `button` until `done` shows, as a buyer does after an error: the
 * first press may have been cut off with its instance.
 */
async function pressUntil(button: Locator, done: Locator) {
  await expect(async () => {
    if (!(await done.isVisible())) {
      if (await button.isEnabled()) await button.click();
      await expect(done).toBeVisible({ timeout: 10_000 });
    }
  }).toPass({ timeout: 150_000, intervals: [2_000, 5_000] });
}

test('through nginx: a PayPal invoice survives its instance being killed mid-call', async ({
  page,
  context,
}) => {
  const email = await signInThroughInbox(page);
  await chooseBatchAndProceed(page, 'WIFI7-2027-01-AM');
  const form = page.getByRole('region', { name: 'Registration & Billing Information' });
  await form.getByRole('textbox', { name: 'First Name' }).fill('Grace');
  await form.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
  await form.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await form.getByRole('textbox', { name: 'City' }).fill('Arlington');
  await form.getByRole('textbox', { name: 'Zipcode' }).fill('22201');

  const before = await invoicesTo(email);
  expect(before).toHaveLength(0);
  await slowNextCall('/paypal', '^/v2/invoicing/invoices$');
  const marks = logMarks();
  const pay = form.getByRole('button', { name: 'Pay by PayPal Invoice' });
  await pay.click();
  const victim = await instanceServing('POST', apiRoutes.paypalInvoice, marks);
  await waitForProviderCalls('/paypal', /\/v2\/invoicing\/invoices$/, 1);
  killInstance(victim);

  await pressUntil(
    pay,
    page.getByText('Invoice has been generated and sent to your email.').first(),
  );
  await expect(page.getByRole('dialog', { name: 'How it works?' })).toBeVisible();
  // The instance that was killed comes back (the supervisor, like systemd, restarts it).
  await waitUntilServing(victim);
  await expect.poll(async () => (await invoicesTo(email)).length, { timeout: 60_000 }).toBe(1);

  const invoice = await waitForMessage(email, 'invoice');
  const payPage = await context.newPage();
  await payPage.goto(invoice.links[0]!.href);
  await payPage.getByRole('button', { name: 'Pay' }).click();
  await expect(payPage.getByText(/Payment complete/)).toBeVisible();
  // PayPal's webhook arrives through nginx; the student reaches the courses portal once.
  await expect.poll(async () => (await enrollmentsOf(email)).length, { timeout: 60_000 }).toBe(1);
  expect(await invoicesTo(email)).toHaveLength(1);
});

test('through nginx: the India purchase survives its instance being killed mid-call', async ({
  page,
  context,
}) => {
  await asIndiaVisitor(page);
  const email = await signInThroughInbox(page);
  await chooseBatchAndProceed(page, 'WIFI7-2027-02-PM');
  await page.getByRole('button', { name: 'Proceed with Zoho Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/zoho-contact$/);
  await page.getByRole('textbox', { name: 'First Name' }).fill('Asha');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Rao');
  await page.getByRole('textbox', { name: 'City' }).fill('Bengaluru');
  await page.getByRole('combobox', { name: 'State' }).selectOption('Karnataka');
  await page.getByRole('textbox', { name: 'ZIP Code' }).fill('560001');

  await slowNextCall('/zoho', '/books/v3/contacts$');
  const marks = logMarks();
  const proceed = page.getByRole('button', { name: 'Continue to Payment' });
  await proceed.click();
  const victim = await instanceServing('POST', apiRoutes.zohoContacts, marks);
  await waitForProviderCalls('/zoho', /\/contacts$/, 1);
  killInstance(victim);

  await pressUntil(proceed, page.getByText(`Zoho payment link sent to ${email}.`));
  await waitUntilServing(victim);
  await expect.poll(async () => (await contactsOf(email)).length, { timeout: 60_000 }).toBe(1);
  await expect.poll(async () => (await paymentLinksTo(email)).length, { timeout: 60_000 }).toBe(1);

  const payNow = page.getByRole('link', { name: 'Pay Now' });
  const [zohoPage] = await Promise.all([context.waitForEvent('page'), payNow.click()]);
  await zohoPage.getByRole('button', { name: 'Pay' }).click();
  await zohoPage.waitForURL(/\/checkout\/zoho-payment-status/);
  await expect(
    zohoPage.getByText('Payment status updated! Redirecting to your courses...'),
  ).toBeVisible();
  await expect.poll(async () => (await enrollmentsOf(email)).length, { timeout: 60_000 }).toBe(1);
  expect(await paymentLinksTo(email)).toHaveLength(1);
  expect(await contactsOf(email)).toHaveLength(1);
});

test('nginx sends plain HTTP to HTTPS, and the site answers with HSTS', async ({ request }) => {
  const plain = await request.get(`${process.env.DEPLOY_HTTP_URL}/wifi7-workshop`, {
    maxRedirects: 0,
  });
  expect(plain.status()).toBe(301);
  expect(plain.headers().location).toMatch(/^https:\/\/localhost(:\d+)?\/wifi7-workshop$/);

  const page = await request.get(`${siteUrl}/wifi7-workshop`);
  expect(page.status()).toBe(200);
  expect(page.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
});

async function asIndiaVisitor(page: Page) {
  await page.context().route('**/geo/json', (route) => route.fulfill({ json: { country: 'IN' } }));
}

async function invoicesTo(email: string): Promise<unknown[]> {
  const response = await fetch(`${inboxUrl}/paypal/_control/invoices`);
  const { invoices } = (await response.json()) as {
    invoices: { primary_recipients?: { billing_info?: { email_address?: string } }[] }[];
  };
  return invoices.filter((invoice) =>
    invoice.primary_recipients?.some(
      (recipient) => recipient.billing_info?.email_address === email,
    ),
  );
}

async function paymentLinksTo(email: string): Promise<unknown[]> {
  const response = await fetch(`${inboxUrl}/zoho/_control/payment-links`);
  const { payment_links: links } = (await response.json()) as {
    payment_links: { email?: string }[];
  };
  return links.filter((link) => link.email === email);
}

async function contactsOf(email: string): Promise<unknown[]> {
  const response = await fetch(`${inboxUrl}/zoho/_control/contacts`);
  const { contacts } = (await response.json()) as { contacts: { email?: string }[] };
  return contacts.filter((contact) => contact.email === email);
}
