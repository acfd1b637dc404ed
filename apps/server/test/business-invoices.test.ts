/**
 * Business buyers through real HTTP, against the provider emulators: a
 * company and its VAT / tax id on the PayPal invoice, a GST-registered
 * buyer's Zoho Books contact, and the India checkout of a buyer who has
 * already paid.
 */
import { apiRoutes, GSTIN_CHECKSUM_MESSAGE } from '@wifi7/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, zohoContacts } from '../src/db/schema';
import { findOrder } from '../src/orders/repository';
import { signedInBuyer } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody, zohoCheckoutBody, zohoContactBody } from './support/request-bodies';
import { reconcileNow, until, useStack } from './support/stack';

describe.each(databaseKinds)('business invoices on %s', (kind) => {
  const env = useStack(kind);
  beforeEach(async () => {
    for (const provider of ['paypal', 'zoho'])
      await fetch(`${env.stack.emulatorsUrl}/${provider}/_control/faults`, { method: 'DELETE' });
  });

  const call = (idToken: string, method: string, path: string, body?: unknown) =>
    fetch(`${env.stack.appUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${idToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const invoicesTo = (email: string) =>
    env.stack.emulators.paypal.store
      .list()
      .filter((invoice) => invoice.primary_recipients?.[0]?.billing_info?.email_address === email);
  const ordersOf = (email: string) =>
    env.database.handle.db.select().from(orders).where(eq(orders.email, email));
  const zohoContactOf = (email: string) =>
    env.stack.emulators.zoho.contacts
      .all()
      .find((contact) => contact.contact_persons[0]?.email === email);

  const withCompany = (email: string, company: string, taxId: string) => {
    const body = paypalInvoiceBody(email);
    return { ...body, billingInformation: { ...body.billingInformation, company, taxId } };
  };

  it("puts the company and its tax id on the PayPal invoice's recipient", async () => {
    const { email, idToken } = await signedInBuyer('company');
    const response = await call(
      idToken,
      'POST',
      apiRoutes.paypalInvoice,
      withCompany(email, '  Analytical Engines Ltd ', ' GB123456789 '),
    );
    expect(response.status).toBe(200);
    const [invoice] = invoicesTo(email);
    expect(invoice?.primary_recipients?.[0]?.billing_info).toMatchObject({
      business_name: 'Analytical Engines Ltd',
      additional_info: 'Tax ID: GB123456789',
      name: { given_name: 'Grace', surname: 'Hopper' },
    });
    const [order] = await ordersOf(email);
    expect(order?.billing).toMatchObject({
      company: 'Analytical Engines Ltd',
      taxId: 'GB123456789',
    });
  });

  it('reuses the open invoice for the same company, and replaces it when the company changes', async () => {
    const { email, idToken } = await signedInBuyer('company');
    const first = withCompany(email, 'Analytical Engines Ltd', 'GB123456789');
    expect((await call(idToken, 'POST', apiRoutes.paypalInvoice, first)).status).toBe(200);
    expect((await call(idToken, 'POST', apiRoutes.paypalInvoice, first)).status).toBe(200);
    expect(invoicesTo(email)).toHaveLength(1);

    const renamed = withCompany(email, 'Difference Engines Ltd', 'GB123456789');
    expect((await call(idToken, 'POST', apiRoutes.paypalInvoice, renamed)).status).toBe(200);
    await reconcileNow(env, eq(orders.email, email));
    const invoices = invoicesTo(email);
    expect(invoices.map((invoice) => invoice.status).sort()).toEqual(['CANCELLED', 'UNPAID']);
    expect(
      invoices.find((invoice) => invoice.status === 'UNPAID')?.primary_recipients?.[0]?.billing_info
        ?.business_name,
    ).toBe('Difference Engines Ltd');
    const statuses = (await ordersOf(email)).map((order) => order.status).sort();
    expect(statuses).toEqual(['awaiting_payment', 'cancelled']);
  });

  it('refuses a tax id PayPal could not carry, and a too long company name, changing nothing', async () => {
    const { email, idToken } = await signedInBuyer('company');
    for (const body of [
      withCompany(email, 'Engines Ltd', 'X'.repeat(33)),
      withCompany(email, 'Engines Ltd', 'GB<script>'),
      withCompany(email, 'E'.repeat(201), 'GB123456789'),
    ]) {
      const response = await call(idToken, 'POST', apiRoutes.paypalInvoice, body);
      expect(response.status).toBe(400);
    }
    expect(invoicesTo(email)).toHaveLength(0);
    expect(await ordersOf(email)).toHaveLength(0);
  });

  const gstContact = (email: string, gstin: string) => ({
    ...zohoContactBody(email),
    customer_sub_type: 'business' as const,
    gst_treatment: 'business_gst' as const,
    gst_no: gstin,
    company_name: 'Rao Wireless Pvt Ltd',
  });

  it("creates a GST-registered buyer's Zoho contact as business_gst, placed by the GSTIN's state", async () => {
    const { email, idToken } = await signedInBuyer('gst');
    // A Maharashtra GSTIN, typed in lower case, for an address in Karnataka.
    const response = await call(
      idToken,
      'POST',
      apiRoutes.zohoContacts,
      gstContact(email, '27aapfu0939f1zv'),
    );
    expect(response.status).toBe(200);
    expect(zohoContactOf(email)).toMatchObject({
      contact_name: 'Asha Rao',
      company_name: 'Rao Wireless Pvt Ltd',
      customer_sub_type: 'business',
      gst_treatment: 'business_gst',
      gst_no: '27AAPFU0939F1ZV',
      place_of_contact: 'MH',
      billing_address: { state: 'Karnataka' },
    });
  });

  it('refuses a bad GSTIN with 400 and its message, asking Zoho nothing', async () => {
    const { email, idToken } = await signedInBuyer('gst');
    const checksum = await call(
      idToken,
      'POST',
      apiRoutes.zohoContacts,
      gstContact(email, '27AAPFU0939F1ZW'),
    );
    expect(checksum.status).toBe(400);
    expect(JSON.stringify(await checksum.json())).toContain(GSTIN_CHECKSUM_MESSAGE);
    const mismatched = { ...gstContact(email, '27AAPFU0939F1ZV'), gst_treatment: 'consumer' };
    expect((await call(idToken, 'POST', apiRoutes.zohoContacts, mismatched)).status).toBe(400);
    expect(zohoContactOf(email)).toBeUndefined();
    const saved = await env.database.handle.db
      .select()
      .from(zohoContacts)
      .where(eq(zohoContacts.email, email));
    expect(saved).toHaveLength(0);
  });

  it('after a declined payment, says until when the e-mailed link can still be paid', async () => {
    const { email, idToken } = await signedInBuyer('india');
    await call(idToken, 'POST', apiRoutes.zohoContacts, zohoContactBody(email));
    await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email));
    const [link] = env.stack.emulators.zoho.links.all().filter((each) => each.email === email);
    const token = link!.url.split('/').pop();
    const declined = await fetch(
      `${env.stack.emulatorsUrl}/zoho/payments/paymentlink/${token}/fail`,
      { method: 'POST', redirect: 'manual' },
    );
    expect(declined.status).toBe(303);

    const response = await call(idToken, 'GET', apiRoutes.zohoPaymentStatus);
    const [order] = await ordersOf(email);
    expect(await response.json()).toEqual({
      status: 'pending',
      message: 'The payment has not been received yet.',
      payBy: order!.holdExpiresAt.toISOString(),
    });
    expect(order!.holdExpiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('answers 409, already purchased, to an India buyer who has paid for the workshop', async () => {
    const { email, idToken } = await signedInBuyer('india');
    expect(
      (await call(idToken, 'POST', apiRoutes.zohoContacts, zohoContactBody(email))).status,
    ).toBe(200);
    expect(
      (await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email))).status,
    ).toBe(200);
    const [link] = env.stack.emulators.zoho.links.all().filter((each) => each.email === email);
    const token = link!.url.split('/').pop();
    await fetch(`${env.stack.emulatorsUrl}/zoho/payments/paymentlink/${token}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    const [order] = await ordersOf(email);
    await until(
      async () => (await findOrder(env.database.handle.db, order!.id))?.status === 'paid',
      'paid by webhook',
    );

    for (const batchId of ['B-JAN', 'B-APR']) {
      const again = await call(
        idToken,
        'POST',
        apiRoutes.zohoCheckout,
        zohoCheckoutBody(email, { batchId }),
      );
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({
        message: 'This e-mail address has already purchased this workshop.',
      });
    }
    expect(
      env.stack.emulators.zoho.links.all().filter((each) => each.email === email),
    ).toHaveLength(1);
  });
});
