/**
 * The India rail through real HTTP: our app against the Zoho Books and
 * Zoho Payments emulators and the courses-portal receiver.
 */
import { apiRoutes, zohoContactByEmailPath } from '@wifi7/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, paymentEvents } from '../src/db/schema';
import { signZohoWebhook } from '../src/integrations/zoho/webhook-signature';
import { toSnapshot } from '../src/orders/repository';
import { findOrderWithAttention, withItsAttention } from './support/attention';
import { testEnv } from './support/app';
import { signedInBuyer, signInWithEmailLink, uniqueEmail } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { control, reconcileNow, until, useStack } from './support/stack';
import { ZOHO_RETURN_PATH, zohoCheckoutBody, zohoContactBody } from './support/request-bodies';

describe.each(databaseKinds)('India checkout on %s', (kind) => {
  const env = useStack(kind);
  beforeEach(async () => {
    await fetch(`${env.stack.emulatorsUrl}/zoho/_control/faults`, { method: 'DELETE' });
  });

  const buyer = () => signedInBuyer('india');
  const call = (idToken: string | undefined, method: string, path: string, body?: unknown) =>
    fetch(`${env.stack.appUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const linksFor = (email: string) =>
    env.stack.emulators.zoho.links.all().filter((link) => link.email === email);
  const ready = async () => {
    const who = await buyer();
    expect(
      (await call(who.idToken, 'POST', apiRoutes.zohoContacts, zohoContactBody(who.email))).status,
    ).toBe(200);
    return who;
  };
  const status = async (idToken: string) => {
    const response = await call(idToken, 'GET', apiRoutes.zohoPaymentStatus);
    return { code: response.status, body: (await response.json()) as { status: string } };
  };

  it('looks a contact up by the signed-in e-mail: none, then one Zoho already had', async () => {
    const { email, idToken } = await buyer();
    const none = await call(idToken, 'GET', zohoContactByEmailPath(email));
    expect(none.status).toBe(200);
    expect(await none.json()).toMatchObject({ code: 0, contact: null });

    // Zoho itself holds the state as its GST code.
    const inZohoWords = { ...zohoContactBody(email, 'Ravi Kumar'), place_of_contact: 'KA' };
    const seeded = (await control(env.stack, '/zoho/_control/contacts', inZohoWords)) as {
      contact: { contact_id: string };
    };
    const found = await call(idToken, 'GET', zohoContactByEmailPath(email.toUpperCase()));
    expect(await found.json()).toEqual({
      code: 0,
      message: 'success',
      contact: { contact_id: seeded.contact.contact_id },
    });
  });

  it('looks up only your own contact, and says so when Zoho is down', async () => {
    const { email, idToken } = await buyer();
    expect((await call(idToken, 'GET', zohoContactByEmailPath('other@example.com'))).status).toBe(
      403,
    );
    expect((await call(undefined, 'GET', zohoContactByEmailPath(email))).status).toBe(401);
    await control(env.stack, '/zoho/_control/faults', { mode: 'http-503', path: '^/books/' });
    expect((await call(idToken, 'GET', zohoContactByEmailPath(email))).status).toBe(502);
  });

  it('creates the contact in Zoho Books with the GST state code, also when the name is taken', async () => {
    const first = await buyer();
    const created = await call(
      first.idToken,
      'POST',
      apiRoutes.zohoContacts,
      zohoContactBody(first.email, 'Meera Iyer'),
    );
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ code: 0, message: 'The contact has been added.' });
    const inZoho = env.stack.emulators.zoho.contacts
      .all()
      .find((contact) => contact.contact_persons[0]?.email === first.email);
    expect(inZoho).toMatchObject({
      contact_name: 'Meera Iyer',
      place_of_contact: 'KA',
      gst_treatment: 'consumer',
    });

    // Another buyer with the same name gets a contact of their own.
    const second = await buyer();
    const again = await call(
      second.idToken,
      'POST',
      apiRoutes.zohoContacts,
      zohoContactBody(second.email, 'Meera Iyer'),
    );
    expect(again.status).toBe(200);
    const theirs = env.stack.emulators.zoho.contacts
      .all()
      .find((contact) => contact.contact_persons[0]?.email === second.email);
    expect(theirs?.contact_name).toBe(`Meera Iyer (${second.email})`);
  });

  it('refuses a contact for another address and a bad form', async () => {
    const { email, idToken } = await buyer();
    expect(
      (await call(idToken, 'POST', apiRoutes.zohoContacts, zohoContactBody('someone@example.com')))
        .status,
    ).toBe(403);
    const bad = zohoContactBody(email);
    bad.billing_address.zip = '12';
    expect((await call(idToken, 'POST', apiRoutes.zohoContacts, bad)).status).toBe(400);
    const badState = { ...zohoContactBody(email), place_of_contact: 'Atlantis' };
    expect((await call(idToken, 'POST', apiRoutes.zohoContacts, badState)).status).toBe(400);
  });

  it('creates one INR payment link per order, with our order id as reference, and reuses it', async () => {
    const { email, idToken } = await ready();
    const response = await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { payment_links: { url: string; amount: string } };
    expect(answer.payment_links.amount).toBe('41299.00');
    const [link] = linksFor(email);
    expect(link).toMatchObject({
      amount: '41299.00',
      currency: 'INR',
      status: 'active',
      return_url: `${testEnv.PUBLIC_SITE_URL}${ZOHO_RETURN_PATH}`,
    });
    expect(answer.payment_links.url).toBe(link!.url);
    const [order] = await env.database.handle.db
      .select()
      .from(orders)
      .where(eq(orders.email, email));
    expect(order).toMatchObject({
      rail: 'zoho_link',
      currency: 'INR',
      status: 'awaiting_payment',
      providerReference: link!.payment_link_id,
    });
    expect(link!.reference_id).toBe(order!.id);
    expect(
      env.stack.emulators.inbox.list(email).some((message) => message.kind === 'payment-link'),
    ).toBe(true);

    const again = await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email));
    expect(((await again.json()) as { payment_links: { url: string } }).payment_links.url).toBe(
      link!.url,
    );
    expect(linksFor(email)).toHaveLength(1);
  });

  it('applies the discount code the buyer applied on the checkout page', async () => {
    const { email, idToken } = await ready();
    const applied = await call(idToken, 'PUT', apiRoutes.appliedDiscount, {
      productSku: 'WIFI7-LIVE',
      discountCode: 'save10',
    });
    expect(((await applied.json()) as { applied: boolean }).applied).toBe(true);
    const response = await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email));
    expect(
      ((await response.json()) as { payment_links: { amount: string } }).payment_links.amount,
    ).toBe('37169.10');
  });

  it('takes no code from a pricing read, and a cleared code is not applied', async () => {
    const { email, idToken } = await ready();
    const priced = await call(idToken, 'POST', apiRoutes.pricing, {
      productSkus: ['WIFI7-LIVE'],
      countryCode: 'IN',
      discountCode: 'save10',
    });
    expect(((await priced.json()) as { success: boolean }).success).toBe(true);
    const body = { productSku: 'WIFI7-LIVE', discountCode: 'save10' };
    await call(idToken, 'PUT', apiRoutes.appliedDiscount, body);
    const cleared = await call(idToken, 'PUT', apiRoutes.appliedDiscount, {
      ...body,
      discountCode: null,
    });
    expect(await cleared.json()).toEqual({ applied: false, message: 'No discount code.' });
    const refused = await call(idToken, 'PUT', apiRoutes.appliedDiscount, {
      ...body,
      discountCode: 'old',
    });
    expect(await refused.json()).toEqual({
      applied: false,
      message: 'This discount code has expired.',
    });
    expect((await call(undefined, 'PUT', apiRoutes.appliedDiscount, body)).status).toBe(401);
    const response = await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email));
    expect(
      ((await response.json()) as { payment_links: { amount: string } }).payment_links.amount,
    ).toBe('41299.00');
  });

  it('needs the contact first, your own address, and our own return page', async () => {
    const { email, idToken } = await buyer();
    expect(
      (await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email))).status,
    ).toBe(422);
    await call(idToken, 'POST', apiRoutes.zohoContacts, zohoContactBody(email));
    expect(
      (await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody('x@example.com')))
        .status,
    ).toBe(403);
    const elsewhere = zohoCheckoutBody(email, {
      returnUrl: 'https://evil.example/checkout/zoho-payment-status',
    });
    expect((await call(idToken, 'POST', apiRoutes.zohoCheckout, elsewhere)).status).toBe(400);
    const withCode = { ...zohoCheckoutBody(email), discountCode: 'SAVE10' };
    expect((await call(idToken, 'POST', apiRoutes.zohoCheckout, withCode)).status).toBe(400);
    expect(linksFor(email)).toHaveLength(0);
  });

  it('payment status: pending, then paid through the pay page, handed to the portal once', async () => {
    const { email, idToken } = await ready();
    expect((await status(idToken)).body.status).toBe('not_found');
    await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email));
    expect((await status(idToken)).body.status).toBe('pending');

    const [link] = linksFor(email);
    const token = link!.url.split('/').pop();
    const paid = await fetch(`${env.stack.emulatorsUrl}/zoho/payments/paymentlink/${token}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(
      `${testEnv.PUBLIC_SITE_URL}${ZOHO_RETURN_PATH}?`,
    );
    expect(paid.headers.get('location')).toContain('status=paid');

    const [order] = await env.database.handle.db
      .select()
      .from(orders)
      .where(eq(orders.email, email));
    await until(
      async () =>
        (await findOrderWithAttention(env.database.handle.db, order!.id))?.status === 'paid',
      'paid by webhook',
    );
    expect((await status(idToken)).body).toMatchObject({ status: 'success' });
    const enrollment = await until(
      async () =>
        env.stack.emulators.portal.state.list().find((each) => each.order.id === order!.id),
      'the portal hand-off',
    );
    expect(enrollment).toMatchObject({
      student: { email, firstName: 'Asha', lastName: 'Rao' },
      order: { rail: 'zoho_link', currency: 'INR', total: '41299.00' },
    });
    expect((await status(idToken)).body.status).toBe('success');
    expect(
      env.stack.emulators.portal.state.list().filter((each) => each.order.id === order!.id),
    ).toHaveLength(1);
  });

  it('a failed payment leaves the order waiting', async () => {
    const { email, idToken } = await ready();
    await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email));
    const [link] = linksFor(email);
    await control(env.stack, `/zoho/_control/payment-links/${link!.payment_link_id}/fail`, {});
    expect((await status(idToken)).body.status).toBe('pending');
  });

  it('payment status when Zoho is down answers 502', async () => {
    const { email, idToken } = await ready();
    await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email));
    await control(env.stack, '/zoho/_control/faults', { mode: 'http-500', path: '^/payments/' });
    expect((await status(idToken)).code).toBe(502);
  });

  /** A buyer's India checkout while Zoho Payments fails in `mode`: 502, and the order kept. */
  const checkoutWhileZohoFails = async (mode: 'http-503' | 'network') => {
    const { email, idToken } = await ready();
    await control(env.stack, '/zoho/_control/faults', { mode, path: '^/payments/' });
    expect(
      (await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email))).status,
    ).toBe(502);
    const [row] = await env.database.handle.db.select().from(orders).where(eq(orders.email, email));
    const kept = row && (await findOrderWithAttention(env.database.handle.db, row.id));
    return { email, idToken, kept };
  };

  it('when Zoho Payments answers 503 at checkout, the order is kept and finished by reconciliation', async () => {
    const { email, kept } = await checkoutWhileZohoFails('http-503');
    // Zoho answered that it failed: nothing was made, so nothing is waited for.
    expect(kept).toMatchObject({ status: 'pending', holdsReserved: true, createAttemptedAt: null });
    await fetch(`${env.stack.emulatorsUrl}/zoho/_control/faults`, { method: 'DELETE' });
    await reconcileNow(env, eq(orders.id, kept!.id));
    expect((await findOrderWithAttention(env.database.handle.db, kept!.id))!.status).toBe(
      'awaiting_payment',
    );
    expect(linksFor(email)).toHaveLength(1);
  });

  /** Zoho makes the link (and e-mails it) but its answer comes after our time-out. */
  const checkoutWhoseAnswerIsLost = async () => {
    const { email, idToken } = await ready();
    await control(env.stack, '/zoho/_control/faults', {
      mode: 'slow',
      delayMs: 4000,
      times: 1,
      path: '^/payments/api/v1/paymentlinks$',
    });
    const answer = await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email));
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({
      message: expect.stringContaining('did not confirm your payment request') as unknown,
      reason: 'payment-unconfirmed',
    });
    const [row] = await env.database.handle.db.select().from(orders).where(eq(orders.email, email));
    const kept = row && (await findOrderWithAttention(env.database.handle.db, row.id));
    // The late answer reaches the emulator's records only after our time-out.
    await until(async () => linksFor(email).length === 1, 'the link Zoho made');
    return { email, idToken, kept: kept! };
  };
  const createsFor = (orderId: string) =>
    env.stack.emulators.zoho.requests
      .list({ method: 'POST', path: '/payments/api/v1/paymentlinks' })
      .filter((request) => JSON.stringify(request).includes(orderId));

  it('when a link request gets no answer, no second link is ever made; the seller is told, and paying the first settles it', async () => {
    const { email, idToken, kept } = await checkoutWhoseAnswerIsLost();
    expect(kept).toMatchObject({ status: 'pending', holdsReserved: true, providerReference: null });
    expect(kept.createAttemptedAt).toBeInstanceOf(Date);
    expect(kept.attention).toContain(`Look for reference ${kept.id} at the provider`);

    // Neither the buyer's retry nor the reconciler makes another.
    expect(
      (await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email))).status,
    ).toBe(502);
    await reconcileNow(env, eq(orders.id, kept.id));
    expect((await findOrderWithAttention(env.database.handle.db, kept.id))!.status).toBe('pending');
    expect(createsFor(kept.id)).toHaveLength(1);

    // The buyer pays the link Zoho e-mailed; Zoho's webhook names it by our order id.
    const [link] = linksFor(email);
    await control(env.stack, `/zoho/_control/payment-links/${link!.payment_link_id}/pay`, {});
    const paid = await until(async () => {
      const order = await findOrderWithAttention(env.database.handle.db, kept.id);
      return order?.status === 'paid' ? order : undefined;
    }, 'paid through the link made without an answer');
    expect(paid).toMatchObject({
      providerReference: link!.payment_link_id,
      createAttemptedAt: null,
      attention: null,
    });
    expect((await status(idToken)).body.status).toBe('success');
    await until(
      async () => env.stack.emulators.portal.state.list().some((each) => each.order.id === kept.id),
      'the portal hand-off',
    );
    expect(createsFor(kept.id)).toHaveLength(1);
  });

  it('the seller attaches the link found at Zoho, and the buyer gets its address', async () => {
    const { email, idToken, kept } = await checkoutWhoseAnswerIsLost();
    const [link] = linksFor(email);
    const attached = await env.stack.app.services.orders.attach(kept, link!.payment_link_id);
    expect(await withItsAttention(env.database.handle.db, attached)).toMatchObject({
      status: 'awaiting_payment',
      providerReference: link!.payment_link_id,
      paymentUrl: link!.url,
      attention: null,
    });
    const again = await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email));
    expect(again.status).toBe(200);
    expect(createsFor(kept.id)).toHaveLength(1);
  });

  it('when Zoho made nothing, the seller reissues and the order gets its one link', async () => {
    const { kept, email } = await checkoutWhileZohoFails('network');
    expect(kept!.attention).toContain(`Look for reference ${kept!.id}`);
    await fetch(`${env.stack.emulatorsUrl}/zoho/_control/faults`, { method: 'DELETE' });
    await reconcileNow(env, eq(orders.id, kept!.id));
    expect(linksFor(email)).toHaveLength(0);

    const reissued = await env.stack.app.services.orders.reissue(
      (await findOrderWithAttention(env.database.handle.db, kept!.id))!,
    );
    expect(await withItsAttention(env.database.handle.db, reissued)).toMatchObject({
      status: 'awaiting_payment',
      attention: null,
    });
    expect(linksFor(email)).toHaveLength(1);
  });

  it('a second link paid for an order settles it by that link and withdraws the first', async () => {
    const { email, idToken } = await ready();
    await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email));
    const [order] = await env.database.handle.db
      .select()
      .from(orders)
      .where(eq(orders.email, email));
    const [first] = linksFor(email);
    // A second link for the same order, as a create repeated by hand at Zoho would make.
    const rail = env.stack.app.services.orders.rail('zoho_link');
    const second = await rail.issue(
      { ...toSnapshot(order!), providerReference: null, unknownCreateSince: null },
      async () => {},
    );
    await control(env.stack, `/zoho/_control/payment-links/${second.providerReference}/pay`, {});
    const paid = await until(async () => {
      const current = await findOrderWithAttention(env.database.handle.db, order!.id);
      // Paid first, then the other link is withdrawn and the seller told.
      return current?.status === 'paid' && current.attention ? current : undefined;
    }, 'paid by the second link, the first withdrawn');
    expect(paid.providerReference).toBe(second.providerReference);
    expect(paid.attention).toBe(
      `A second payment object (${first!.payment_link_id}) existed for this order; it was withdrawn.`,
    );
    const links = linksFor(email);
    expect(links.find((link) => link.payment_link_id === first!.payment_link_id)?.status).toBe(
      'canceled',
    );
    expect(links.filter((link) => link.status === 'active')).toHaveLength(0);
  });

  it('reconciliation notices an expired link and gives the seat back', async () => {
    const { email, idToken } = await ready();
    await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email));
    const [link] = linksFor(email);
    await control(env.stack, `/zoho/_control/payment-links/${link!.payment_link_id}/expire`, {});
    const [order] = await env.database.handle.db
      .select()
      .from(orders)
      .where(eq(orders.email, email));
    await reconcileNow(env, eq(orders.id, order!.id));
    expect((await findOrderWithAttention(env.database.handle.db, order!.id))!).toMatchObject({
      status: 'expired',
      holdsReserved: false,
    });
    expect((await status(idToken)).body.status).toBe('failed');
  });

  it('refuses a webhook with a bad signature, and records a repeated one once', async () => {
    const body = JSON.stringify({
      event_id: 1234567890123456,
      event_type: 'payment_link.paid',
      event_object: { payment_link: { payment_link_id: '1' } },
    });
    const forged = await fetch(`${env.stack.appUrl}/api/webhooks/zoho`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-zoho-webhook-signature': signZohoWebhook(body, 'wrong-key'),
      },
      body,
    });
    expect(forged.status).toBe(401);

    const { email, idToken } = await ready();
    await call(idToken, 'POST', apiRoutes.zohoCheckout, zohoCheckoutBody(email));
    const [link] = linksFor(email);
    await control(env.stack, `/zoho/_control/payment-links/${link!.payment_link_id}/pay`, {});
    await until(
      async () =>
        (
          await env.database.handle.db
            .select()
            .from(paymentEvents)
            .where(eq(paymentEvents.providerReference, link!.payment_link_id))
        ).length === 1,
      'the event',
    );
    const [event] = await env.database.handle.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerReference, link!.payment_link_id));
    await control(env.stack, `/zoho/_control/webhooks/${event!.providerEventId}/redeliver`, {});
    await env.stack.emulators.zoho.webhooks.idle();
    expect(
      await env.database.handle.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.providerReference, link!.payment_link_id)),
    ).toHaveLength(1);
  });
});

describe('a lost Zoho webhook', () => {
  const env = useStack('pglite', { zohoWebhooks: false });

  it('the status check asks Zoho and confirms the payment', async () => {
    const email = uniqueEmail('lost.zoho');
    const { idToken } = await signInWithEmailLink(email);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${idToken}` };
    await fetch(`${env.stack.appUrl}${apiRoutes.zohoContacts}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        contact_name: 'Lost Webhook',
        contact_type: 'customer',
        customer_sub_type: 'individual',
        gst_treatment: 'consumer',
        place_of_contact: 'Goa',
        contact_persons: [
          { first_name: 'Lost', last_name: 'Webhook', email, is_primary_contact: true },
        ],
        billing_address: {
          address: '',
          city: 'Panaji',
          state: 'Goa',
          zip: '403001',
          country: 'India',
        },
      }),
    });
    await fetch(`${env.stack.appUrl}${apiRoutes.zohoCheckout}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(zohoCheckoutBody(email)),
    });
    const link = env.stack.emulators.zoho.links.all().find((each) => each.email === email)!;
    await control(env.stack, `/zoho/_control/payment-links/${link.payment_link_id}/pay`, {});
    const response = await fetch(`${env.stack.appUrl}${apiRoutes.zohoPaymentStatus}`, { headers });
    expect(await response.json()).toMatchObject({ status: 'success' });
  });
});
