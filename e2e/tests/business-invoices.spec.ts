/**
 * Business buyers and clearer dead ends, in the browser: a company and its
 * VAT / tax ID through the PayPal checkout onto the emulator's invoice; a
 * GSTIN on the India contact form (a wrong check character refused, a valid
 * one carried to Zoho Books); and what to do next after a declined Zoho
 * payment. Each page is checked with axe and kept as a screenshot at the
 * width of its project (1280 px, and 375 px for @phone).
 */
import { expect, test, type Page } from '@playwright/test';
import { GSTIN_CHECKSUM_MESSAGE } from '@wifi7/contract';
import { capture, expectNoSeriousViolations } from '../support/look';
import { waitForMessage } from '../support/inbox';
import { chooseBatchAndProceed } from '../support/purchase';
import { signIn } from '../support/sign-in';
import { inboxUrl } from '../support/urls';

async function asIndiaVisitor(page: Page) {
  await page.context().route('**/geo/json', (route) => route.fulfill({ json: { country: 'IN' } }));
}

test('a company buyer gets its name and VAT / tax ID on the PayPal invoice @phone', async ({
  page,
  context,
}) => {
  const email = await signIn(page);
  await chooseBatchAndProceed(page, 'WIFI7-2027-01-AM');
  const form = page.getByRole('region', { name: 'Registration & Billing Information' });
  await form.getByRole('textbox', { name: 'First Name' }).fill('Grace');
  await form.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
  await form.getByRole('combobox', { name: 'Country' }).selectOption('DE');
  await form.getByRole('textbox', { name: 'Zipcode' }).fill('10115');

  // Closed by default: the spec's form as it is.
  const company = form.getByRole('textbox', { name: 'Company' });
  await expect(company).toBeHidden();
  await expectNoSeriousViolations(page);
  await capture(page, 'business-billing-closed', true);

  // Opened from the keyboard.
  const summary = form.locator('summary', { hasText: 'Buying for a company?' });
  await summary.focus();
  await expect(summary).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(company).toBeVisible();
  await company.fill('Analytical Engines GmbH');
  await form.getByRole('textbox', { name: 'VAT / Tax ID' }).fill('DE<123>');
  await form.getByRole('button', { name: 'Pay by PayPal Invoice' }).click();
  await expect(
    form.getByText('VAT / Tax ID may only have letters, digits, spaces and . / -'),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await capture(page, 'business-billing-error', true);

  await form.getByRole('textbox', { name: 'VAT / Tax ID' }).fill('DE123456789');
  await form.getByRole('button', { name: 'Pay by PayPal Invoice' }).click();
  await expect(page.getByRole('dialog', { name: 'How it works?' })).toBeVisible();

  // PayPal's pay page shows whom the invoice is made out to.
  const invoice = await waitForMessage(email, 'invoice');
  const payPage = await context.newPage();
  await payPage.goto(invoice.links[0]!.href);
  await expect(payPage.getByText(/Billed to Grace Hopper · Analytical Engines GmbH/)).toBeVisible();
  await expect(payPage.getByText(/Tax ID: DE123456789/)).toBeVisible();
  await payPage.close();
});

test('an India buyer adds a GSTIN: a wrong check character is refused, a valid one reaches Zoho @phone', async ({
  page,
}) => {
  await asIndiaVisitor(page);
  const email = await signIn(page);
  await chooseBatchAndProceed(page, 'WIFI7-2027-02-PM');
  await page.getByRole('button', { name: 'Proceed with Zoho Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/zoho-contact$/);

  await page.getByRole('textbox', { name: 'First Name' }).fill('Asha');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Rao');
  await page.getByRole('textbox', { name: 'City' }).fill('Mumbai');
  await page.getByRole('combobox', { name: 'State' }).selectOption('Maharashtra');
  await page.getByRole('textbox', { name: 'ZIP Code' }).fill('400001');
  const gstin = page.getByRole('textbox', { name: 'GSTIN' });
  await expect(gstin).toBeHidden();
  await page.getByText('Buying for a company?').click();
  await page.getByRole('textbox', { name: 'Company' }).fill('Rao Wireless Pvt Ltd');
  await gstin.fill('27aapfu0939f1zw');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText(GSTIN_CHECKSUM_MESSAGE)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/zoho-contact$/);
  await expectNoSeriousViolations(page);
  await capture(page, 'business-gstin-error', true);

  await gstin.fill('27aapfu0939f1zv');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/zoho$/);
  await expect(page.getByText(`Zoho payment link sent to ${email}.`)).toBeVisible();

  const { contacts } = (await (await fetch(`${inboxUrl}/zoho/_control/contacts`)).json()) as {
    contacts: { contact_persons: { email: string }[] }[];
  };
  expect(contacts.find((contact) => contact.contact_persons[0]?.email === email)).toMatchObject({
    company_name: 'Rao Wireless Pvt Ltd',
    gst_treatment: 'business_gst',
    gst_no: '27AAPFU0939F1ZV',
    place_of_contact: 'MH',
  });
});

test('after a declined Zoho payment the status page says what to do next @phone', async ({
  page,
}) => {
  await asIndiaVisitor(page);
  await signIn(page);
  await chooseBatchAndProceed(page, 'WIFI7-2027-02-PM');
  await page.getByRole('button', { name: 'Proceed with Zoho Payment' }).click();
  await page.getByRole('textbox', { name: 'First Name' }).fill('Asha');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Rao');
  await page.getByRole('textbox', { name: 'City' }).fill('Bengaluru');
  await page.getByRole('combobox', { name: 'State' }).selectOption('Karnataka');
  await page.getByRole('textbox', { name: 'ZIP Code' }).fill('560001');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const payNow = page.getByRole('link', { name: 'Pay Now' });
  await expect(payNow).toBeVisible();

  const [zohoPage] = await Promise.all([page.waitForEvent('popup'), payNow.click()]);
  await zohoPage.getByRole('button', { name: 'Fail' }).click();
  await zohoPage.waitForURL(/\/checkout\/zoho-payment-status/);
  await expect(
    zohoPage.getByText('Unable to verify payment status. Please try again later.'),
  ).toBeVisible();
  await zohoPage.getByRole('button', { name: 'Stay on this page' }).click();
  const steps = zohoPage.getByRole('region', { name: 'Payment declined or not finished?' });
  await expect(steps).toContainText(
    'Pay again with the Zoho payment link we e-mailed you: it stays valid until',
  );
  await expect(steps.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expectNoSeriousViolations(zohoPage);
  await capture(zohoPage, 'business-declined-next-steps', true);
  await expect(zohoPage).toHaveURL(/\/checkout\/zoho-payment-status/);
  await zohoPage.getByRole('button', { name: 'Go to Workshop' }).click();
  await expect(zohoPage).toHaveURL(/\/wifi7-workshop$/);
});
