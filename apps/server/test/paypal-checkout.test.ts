/**
 * The PayPal invoice rail through real HTTP: our app (listening) against
 * the PayPal emulator and the courses-portal receiver. The emulator checks
 * every create body against PayPal's OpenAPI schema and answers PayPal's
 * error shapes, so these are contract tests of the adapter too.
 */
import { apiRoutes } from '@wifi7/contract';
import type { RecordedRequest } from '@wifi7/emulators';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, paymentEvents, portalHandoffs } from '../src/db/schema';
import { findOrder } from '../src/orders/repository';
import { signedInBuyer, signInWithEmailLink, uniqueEmail } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody } from './support/request-bodies';
import { control, reconcileNow, until, useStack } from './support/stack';

describe.each(databaseKinds)('PayPal invoices on %s', (kind) => {
  const env = useStack(kind);
  beforeEach(async () => {
    await fetch(`${env.stack.emulatorsUrl}/paypal/_control/faults`, { method: 'DELETE' });
  });

  const buyer = () => signedInBuyer('buyer');
  const checkout = (idToken: string | undefined, payload: unknown) =>
    fetch(`${env.stack.appUrl}${apiRoutes.paypalInvoice}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
      },
      body: JSON.stringify(payload),
    });
  const invoicesTo = (email: string) =>
    env.stack.emulators.paypal.store
      .list()
      .filter((invoice) => invoice.primary_recipients?.[0]?.billing_info?.email_address === email);
  const ordersOf = (email: string) =>
    env.database.handle.db.select().from(orders).where(eq(orders.email, email));

  it("sends an invoice for the server-computed amount, following PayPal's contract", async () => {
    const { email, idToken } = await buyer();
    const response = await checkout(
      idToken,
      paypalInvoiceBody(email, { discountCode: ' save10 ' }),
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      orderId: string;
      status: string;
      invoiceNumber: string;
    };
    expect(answer).toMatchObject({
      status: 'awaiting_payment',
      invoiceNumber: `W7-${answer.orderId}`,
    });

    const [invoice] = invoicesTo(email);
    expect(invoice).toMatchObject({
      status: 'UNPAID',
      detail: { invoice_number: `W7-${answer.orderId}`, currency_code: 'USD' },
      amount: { currency_code: 'USD', value: '449.10' },
    });
    const order = (await findOrder(env.database.handle.db, answer.orderId))!;
    expect(order).toMatchObject({ providerReference: invoice!.id, totalMinor: 44_910 });
    expect(order.paymentUrl).toContain(`/paypal/invoice/p/${invoice!.id}`);

    // PayPal e-mails the buyer a link to its pay page.
    const mail = env.stack.emulators.inbox
      .list(email)
      .find((message) => message.kind === 'invoice');
    expect(mail?.links[0]?.href).toContain(invoice!.id);

    const { requests } = (await control(env.stack, '/paypal/_control/requests')) as {
      requests: RecordedRequest[];
    };
    const create = requests.find(
      (request) =>
        request.method === 'POST' &&
        request.path.endsWith('/v2/invoicing/invoices') &&
        JSON.stringify(request.body).includes(answer.orderId),
    );
    expect(create?.headers.paypalRequestId).toBe(`create-${answer.orderId}`);
    expect(create?.headers.authorization).toEqual({ present: true, scheme: 'Bearer' });
    expect(create?.statusCode).toBe(201);
    expect(create?.headers.prefer).toBe('return=representation');
    const send = requests.find((request) => request.path.endsWith(`/invoices/${invoice!.id}/send`));
    expect(send?.headers.paypalRequestId).toBe(`send-${answer.orderId}`);
  });

  it('ignores any price from the browser: extra fields are refused and nothing is created', async () => {
    const { email, idToken } = await buyer();
    const tampered = { ...paypalInvoiceBody(email), price: 1, amount: '0.01' };
    expect((await checkout(idToken, tampered)).status).toBe(400);
    const tamperedItem = paypalInvoiceBody(email, {
      courseInfo: [
        { productSku: 'WIFI7-LIVE', productName: 'Cheap', batchId: 'B-JAN', price: 1 } as never,
      ],
    });
    const accepted = await checkout(idToken, tamperedItem);
    expect(accepted.status).toBe(200);
    // The invoice carries the catalog's name and price, not the browser's.
    const [invoice] = invoicesTo(email);
    expect(invoice?.amount.value).toBe('499.00');
    expect(invoice?.items[0]?.name).toBe('Wi-Fi 7 Live Online Workshop');
  });

  it('needs sign-in, the signed-in e-mail, a valid body, and sends India to the India checkout', async () => {
    const { email, idToken } = await buyer();
    expect((await checkout(undefined, paypalInvoiceBody(email))).status).toBe(401);
    expect((await checkout(idToken, paypalInvoiceBody('someone.else@example.com'))).status).toBe(
      403,
    );
    const india = paypalInvoiceBody(email);
    india.billingInformation.isoCode = 'IN';
    expect((await checkout(idToken, india)).status).toBe(400);
    const blank = paypalInvoiceBody(email);
    blank.billingInformation.zipcode = '  ';
    expect((await checkout(idToken, blank)).status).toBe(400);
    const two = paypalInvoiceBody(email);
    two.courseInfo = [
      two.courseInfo[0]!,
      { productSku: 'WIFI6-LAB', productName: 'x', batchId: 'B-JAN' },
    ];
    expect((await checkout(idToken, two)).status).toBe(400);
    expect(await ordersOf(email)).toHaveLength(0);
    expect(invoicesTo(email)).toHaveLength(0);
  });

  it('a double submit sends one invoice', async () => {
    const { email, idToken } = await buyer();
    const responses = await Promise.all(
      [1, 2, 3].map(() => checkout(idToken, paypalInvoiceBody(email))),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    const ids = await Promise.all(
      responses.map(async (response) => ((await response.json()) as { orderId: string }).orderId),
    );
    expect(new Set(ids).size).toBe(1);
    expect(invoicesTo(email)).toHaveLength(1);
    expect(
      env.stack.emulators.inbox.list(email).filter((message) => message.kind === 'invoice'),
    ).toHaveLength(1);
  });

  it('a second checkout sends the invoice out already again, and says so only when it went', async () => {
    const { email, idToken } = await buyer();
    const first = (await (await checkout(idToken, paypalInvoiceBody(email))).json()) as Record<
      string,
      unknown
    >;
    expect(first).toMatchObject({ reused: false, sentAgain: false, sentTo: email });
    const mails = () =>
      env.stack.emulators.inbox.list(email).filter((message) => message.kind === 'invoice');
    await until(async () => mails().length === 1, 'the invoice e-mail');
    // Minutes later it is not sent again (a double submit, a second look) ...
    const soon = (await (await checkout(idToken, paypalInvoiceBody(email))).json()) as Record<
      string,
      unknown
    >;
    expect(soon).toMatchObject({ reused: true, sentAgain: false });
    // ... but a day later it is.
    await env.database.handle.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 24 * 60 * 60 * 1000) })
      .where(eq(orders.id, String(first.orderId)));
    for (const expected of [true, true, true, false]) {
      const again = (await (await checkout(idToken, paypalInvoiceBody(email))).json()) as Record<
        string,
        unknown
      >;
      expect(again).toMatchObject({ orderId: first.orderId, reused: true, sentAgain: expected });
    }
    // Three reminders a day at most: the fourth checkout said it sent nothing, and sent nothing.
    expect(invoicesTo(email)).toHaveLength(1);
    await until(async () => mails().length === 4, 'the three reminders');
  });

  it('paid through the pay page: webhook verified, order paid, student handed to the portal, then 409', async () => {
    const { email, idToken } = await buyer();
    const { orderId } = (await (await checkout(idToken, paypalInvoiceBody(email))).json()) as {
      orderId: string;
    };
    const [invoice] = invoicesTo(email);
    // The buyer presses "Pay" on PayPal's page.
    const paid = await fetch(`${env.stack.emulatorsUrl}/paypal/invoice/p/${invoice!.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBeLessThan(400);
    await until(
      async () => (await findOrder(env.database.handle.db, orderId))?.status === 'paid',
      'the order to be paid',
    );
    const enrollment = await until(
      async () => env.stack.emulators.portal.state.list().find((each) => each.order.id === orderId),
      'the enrolment to reach the portal',
    );
    expect(enrollment).toMatchObject({
      type: 'enrollment.created',
      student: { email, firstName: 'Grace', lastName: 'Hopper' },
      workshop: { sku: 'WIFI7-LIVE', batchId: 'B-JAN' },
      order: { id: orderId, rail: 'paypal_invoice', currency: 'USD', total: '499.00' },
    });
    // The portal has the message before our worker records its answer: wait for that record.
    const deliveredAt = await until(async () => {
      const [handoff] = await env.database.handle.db
        .select()
        .from(portalHandoffs)
        .where(eq(portalHandoffs.orderId, orderId));
      return handoff?.deliveredAt ?? undefined;
    }, 'the hand-off to be recorded as delivered');
    expect(deliveredAt).toBeInstanceOf(Date);

    const again = await checkout(
      idToken,
      paypalInvoiceBody(email, {
        courseInfo: [{ productSku: 'WIFI7-LIVE', productName: 'x', batchId: 'B-APR' }],
      }),
    );
    expect(again.status).toBe(409);
    expect(invoicesTo(email)).toHaveLength(1);
  });

  it('the same webhook twice changes nothing', async () => {
    const { email, idToken } = await buyer();
    const { orderId } = (await (await checkout(idToken, paypalInvoiceBody(email))).json()) as {
      orderId: string;
    };
    const [invoice] = invoicesTo(email);
    await control(env.stack, `/paypal/_control/invoices/${invoice!.id}/pay`, {});
    await until(
      async () => (await findOrder(env.database.handle.db, orderId))?.status === 'paid',
      'paid',
    );
    const events = await env.database.handle.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, orderId));
    expect(events).toHaveLength(1);
    await control(
      env.stack,
      `/paypal/_control/webhooks/${events[0]!.providerEventId}/redeliver`,
      {},
    );
    await env.stack.emulators.paypal.webhooks.idle();
    const after = await env.database.handle.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, events[0]!.providerEventId));
    expect(after).toHaveLength(1);
    const handoffs = await env.database.handle.db
      .select()
      .from(portalHandoffs)
      .where(eq(portalHandoffs.orderId, orderId));
    expect(handoffs).toHaveLength(1);
  });

  it('a partial payment is not paid', async () => {
    const { email, idToken } = await buyer();
    const { orderId } = (await (await checkout(idToken, paypalInvoiceBody(email))).json()) as {
      orderId: string;
    };
    const [invoice] = invoicesTo(email);
    await control(env.stack, `/paypal/_control/invoices/${invoice!.id}/pay`, { amount: '100.00' });
    await env.stack.emulators.paypal.webhooks.idle();
    await until(
      async () =>
        (
          await env.database.handle.db
            .select()
            .from(paymentEvents)
            .where(eq(paymentEvents.orderId, orderId))
        ).length === 1,
      'the event to be recorded',
    );
    expect((await findOrder(env.database.handle.db, orderId))!.status).toBe('awaiting_payment');
  });

  it('refuses a webhook whose signature does not verify, and one that was tampered with', async () => {
    const forged = await fetch(`${env.stack.appUrl}/api/webhooks/paypal`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': 'abc',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': 'Zm9yZ2Vk',
        'paypal-cert-url': `${env.stack.emulatorsUrl}/paypal/v1/notifications/certs/x`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
      body: JSON.stringify({
        id: 'WH-FORGED',
        event_type: 'INVOICING.INVOICE.PAID',
        resource: { invoice: { id: 'INV2-X' } },
      }),
    });
    expect(forged.status).toBe(400);
    const unsigned = await fetch(`${env.stack.appUrl}/api/webhooks/paypal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":"WH-1"}',
    });
    expect(unsigned.status).toBe(400);
    const stored = await env.database.handle.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, 'WH-FORGED'));
    expect(stored).toHaveLength(0);
  });

  it.each([
    ['answers 503', { mode: 'http-503' }],
    ['drops the connection', { mode: 'network' }],
    ['answers garbage', { mode: 'garbage' }],
    ['is too slow', { mode: 'slow', delayMs: 3000 }],
  ])(
    'when PayPal %s, the buyer gets an error, the order is kept, and reconciliation finishes it',
    async (_case, fault) => {
      const { email, idToken } = await buyer();
      await control(env.stack, '/paypal/_control/faults', { ...fault, path: 'invoicing' });
      const response = await checkout(idToken, paypalInvoiceBody(email));
      expect(response.status).toBe(502);
      const [kept] = await ordersOf(email);
      expect(kept).toMatchObject({ status: 'pending', holdsReserved: true });

      await fetch(`${env.stack.emulatorsUrl}/paypal/_control/faults`, { method: 'DELETE' });
      await reconcileNow(env, eq(orders.id, kept!.id));
      expect((await findOrder(env.database.handle.db, kept!.id))!.status).toBe('awaiting_payment');
      // However the first attempt ended, the buyer got exactly one invoice.
      expect(invoicesTo(email)).toHaveLength(1);
      // Asking again reuses the order and its invoice.
      expect((await checkout(idToken, paypalInvoiceBody(email))).status).toBe(200);
      expect(invoicesTo(email)).toHaveLength(1);
    },
  );

  it('a changed batch cancels the old invoice at PayPal and sends a new one', async () => {
    const { email, idToken } = await buyer();
    await checkout(idToken, paypalInvoiceBody(email));
    const changed = paypalInvoiceBody(email, {
      courseInfo: [{ productSku: 'WIFI7-LIVE', productName: 'x', batchId: 'B-APR' }],
    });
    expect((await checkout(idToken, changed)).status).toBe(200);
    await reconcileNow(env, eq(orders.email, email));
    const statuses = invoicesTo(email)
      .map((invoice) => invoice.status)
      .sort();
    expect(statuses).toEqual(['CANCELLED', 'UNPAID']);
  });
});

describe('a lost PayPal webhook', () => {
  const env = useStack('pglite', { paypalWebhooks: false });

  it('still ends paid through reconciliation, and the cancelled invoice of an expired order is withdrawn', async () => {
    const email = uniqueEmail('lost');
    const { idToken } = await signInWithEmailLink(email);
    const response = await fetch(`${env.stack.appUrl}${apiRoutes.paypalInvoice}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify({
        userEmail: email,
        selfLearn: false,
        courseInfo: [{ productSku: 'WIFI7-LIVE', productName: 'x', batchId: 'B-JAN' }],
        billingInformation: {
          firstName: 'A',
          lastName: 'B',
          country: 'Germany',
          state: '',
          city: '',
          zipcode: '10115',
          isoCode: 'DE',
        },
        discountCode: null,
      }),
    });
    const { orderId } = (await response.json()) as { orderId: string };
    const order = (await findOrder(env.database.handle.db, orderId))!;
    await control(env.stack, `/paypal/_control/invoices/${order.providerReference}/pay`, {});
    expect((await findOrder(env.database.handle.db, orderId))!.status).toBe('awaiting_payment');

    await reconcileNow(env, eq(orders.id, orderId));
    expect((await findOrder(env.database.handle.db, orderId))!.status).toBe('paid');
    await until(
      async () => env.stack.emulators.portal.state.list().some((each) => each.order.id === orderId),
      'the hand-off',
    );
  });
});
