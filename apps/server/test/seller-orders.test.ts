/**
 * The back office's orders through real HTTP, on PGlite and PostgreSQL: the
 * list (filters, search, paging), the CSV export (RFC 4180 quoting, UTF-8,
 * formula injection), one order's timeline, and every seller action
 * against the PayPal, Zoho and courses-portal emulators — including a
 * double submit, which acts once, and refusals, which change nothing.
 */
import {
  apiRoutes,
  sellerOrderPathOf,
  sellerOrderRoutes,
  type SellerActionResponse,
  type SellerAttentionList,
  type SellerOrderDetail,
  type SellerOrdersPage,
} from '@wifi7/contract';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batches, orders, portalHandoffs, providerCalls, auditLog } from '../src/db/schema';
import { newOrderId } from '../src/orders/ids';
import { findOrderWithAttention, flagOrder } from './support/attention';
import { signedInBuyer, signInWithEmailLink } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody, zohoCheckoutBody, zohoContactBody } from './support/request-bodies';
import { control, reconcileNow, until, useStack } from './support/stack';

describe.each(databaseKinds)('the seller’s orders on %s', (kind) => {
  const env = useStack(kind);
  let seller: string;
  const db = () => env.database.handle.db;

  beforeAll(async () => {
    seller = (await signInWithEmailLink('seller@example.com')).idToken;
  });
  beforeEach(async () => {
    for (const emulator of ['paypal', 'zoho', 'portal']) {
      await fetch(`${env.stack.emulatorsUrl}/${emulator}/_control/faults`, { method: 'DELETE' });
    }
  });

  const call = async <T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    token: string | undefined = seller,
  ) => {
    const response = await fetch(`${env.stack.appUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: (text && response.headers.get('content-type')?.includes('json')
        ? JSON.parse(text)
        : undefined) as T,
    };
  };
  const act = (orderId: string, action: keyof typeof sellerOrderRoutes, body: object) =>
    call<SellerActionResponse & { message: string }>(
      'POST',
      sellerOrderPathOf(sellerOrderRoutes[action], orderId),
      { idempotencyKey: `key-${crypto.randomUUID()}`, ...body },
    );
  const detail = async (orderId: string) =>
    (await call<SellerOrderDetail>('GET', sellerOrderPathOf(sellerOrderRoutes.order, orderId)))
      .json;
  const seats = async (batchId: string) =>
    (await db().select().from(batches).where(eq(batches.id, batchId)))[0]!.seatsTaken;

  /** A buyer checks out by PayPal invoice through the API: an order awaiting payment. */
  async function paypalOrder(overrides: Parameters<typeof paypalInvoiceBody>[1] = {}) {
    const buyer = await signedInBuyer('seller-view');
    const response = await call<{ orderId: string }>(
      'POST',
      apiRoutes.paypalInvoice,
      paypalInvoiceBody(buyer.email, overrides),
      buyer.idToken,
    );
    expect(response.status).toBe(200);
    return { ...buyer, orderId: response.json.orderId };
  }

  /** The buyer pays the invoice on PayPal's page; PayPal's webhook settles the order. */
  async function pay(orderId: string) {
    const order = (await findOrderWithAttention(db(), orderId))!;
    await control(env.stack, `/paypal/_control/invoices/${order.providerReference}/pay`, {});
    await until(
      async () => (await findOrderWithAttention(db(), orderId))?.status === 'paid',
      `order ${orderId} to be paid`,
    );
  }

  /**
   * Lets the test act between the seller's click and the provider's answer,
   * as a webhook or the buyer would: `before` runs as the rail's call starts,
   * `after` once the provider has acted and before its answer is used.
   */
  function meanwhile(
    method: 'cancel' | 'refund',
    hooks: { before?: () => Promise<unknown>; after?: () => Promise<unknown> },
  ): () => void {
    const rail = env.stack.app.services.orders.rail('paypal_invoice');
    const original = rail[method];
    const wrapped = async (...args: unknown[]) => {
      await hooks.before?.();
      const result: unknown = await (original as (...a: unknown[]) => Promise<unknown>).apply(
        rail,
        args,
      );
      await hooks.after?.();
      return result;
    };
    Object.assign(rail, { [method]: wrapped });
    return () => {
      Reflect.deleteProperty(rail, method);
    };
  }
  /** Waits until the portal acknowledged every hand-off of `kind` of the order (one at least). */
  const untilDelivered = (
    orderId: string,
    kind: (typeof portalHandoffs.$inferSelect)['kind'],
    what: string,
  ) =>
    until(async () => {
      const rows = await db()
        .select()
        .from(portalHandoffs)
        .where(and(eq(portalHandoffs.orderId, orderId), eq(portalHandoffs.kind, kind)));
      return rows.length > 0 && rows.every((row) => row.deliveredAt !== null);
    }, what);
  /** Waits until the portal was asked for the order's enrolment at least once (and answered). */
  const untilEnrolmentAttempted = (orderId: string) =>
    until(async () => {
      const [enrolment] = await db()
        .select()
        .from(portalHandoffs)
        .where(
          and(eq(portalHandoffs.orderId, orderId), eq(portalHandoffs.kind, 'enrollment.created')),
        );
      return (enrolment?.attempts ?? 0) > 0;
    }, 'an attempt to hand the student off');
  const status = async (orderId: string) => (await findOrderWithAttention(db(), orderId))?.status;
  const auditOf = (orderId: string, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, orderId), eq(auditLog.action, action)));
  const handoffKinds = async (orderId: string) =>
    (await db().select().from(portalHandoffs).where(eq(portalHandoffs.orderId, orderId))).map(
      (handoff) => handoff.kind,
    );

  const paypalRefundRequests = () =>
    env.stack.emulators.paypal.requests
      .list()
      .filter((request) => request.path.includes('/v2/payments/captures/'));

  describe('the list', () => {
    /** Orders written straight to the table: the list reads rows, however they came. */
    async function insertOrders(
      count: number,
      marker: string,
      values: Partial<typeof orders.$inferInsert> = {},
    ) {
      const rows = Array.from({ length: count }, (_, index) => ({
        id: newOrderId(),
        email: `${marker}.${index}@example.com`,
        firebaseUid: `uid-${marker}-${index}`,
        rail: 'paypal_invoice' as const,
        status: 'expired' as const,
        workshopSku: 'WIFI7-LIVE',
        workshopName: 'Wi-Fi 7 Live Online Workshop',
        batchId: 'B-JAN',
        batchDescription: 'Jan 12 - Mar 4, 2027',
        currency: 'USD' as const,
        subtotalMinor: 49_900,
        discountMinor: 0,
        totalMinor: 49_900,
        billing: {
          firstName: 'Ada',
          lastName: `Number ${index}`,
          country: 'United Kingdom',
          isoCode: 'GB',
          state: '',
          city: 'London',
          zipcode: 'N1',
        },
        holdsReserved: false,
        holdExpiresAt: new Date(),
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
        ...values,
      }));
      await db().insert(orders).values(rows);
      return rows;
    }

    it('pages newest first, filters by state, batch and rail, and searches by e-mail or id', async () => {
      const marker = `list${kind}${Date.now()}`;
      const rows = await insertOrders(120, marker);
      await insertOrders(3, `${marker}apr`, {
        batchId: 'B-APR',
        rail: 'zoho_link',
        currency: 'INR',
      });
      const page = (query: string) =>
        call<SellerOrdersPage>('GET', `${sellerOrderRoutes.orders}?${query}`).then((r) => r.json);

      const first = await page(`q=${marker}&pageSize=50`);
      expect(first.total).toBe(123);
      expect(first.items).toHaveLength(50);
      const third = await page(`q=${marker}&pageSize=50&page=3`);
      expect(third.items).toHaveLength(23);
      const all = [
        ...first.items,
        ...(await page(`q=${marker}&pageSize=50&page=2`)).items,
        ...third.items,
      ];
      expect(new Set(all.map((order) => order.id)).size).toBe(123);
      const times = all.map((order) => order.createdAt);
      expect(times).toEqual([...times].sort().reverse());

      expect((await page(`q=${marker}&batch=B-APR`)).total).toBe(3);
      expect((await page(`q=${marker}&rail=zoho_link`)).total).toBe(3);
      expect((await page(`q=${marker}&state=paid`)).total).toBe(0);
      expect((await page(`q=${marker}&state=expired&batch=B-JAN`)).total).toBe(120);

      const byEmail = await page(`q=${encodeURIComponent(`${marker}.7@EXAMPLE.com`)}`);
      expect(byEmail.items.map((order) => order.id)).toEqual([rows[7]!.id]);
      const byId = await page(`q=${rows[42]!.id.toLowerCase()}`);
      expect(byId.items).toMatchObject([
        { id: rows[42]!.id, email: rows[42]!.email, name: 'Ada Number 42', totalMinor: 49_900 },
      ]);
      // A % in the search is a percent sign, not "anything".
      expect((await page('q=%25')).total).toBe(0);
    });

    it('refuses bad filters with 400', async () => {
      for (const query of ['state=lost', 'rail=cash', 'page=0', 'pageSize=1000', 'sort=email']) {
        expect((await call('GET', `${sellerOrderRoutes.orders}?${query}`)).status, query).toBe(400);
      }
      expect((await call('GET', `${sellerOrderRoutes.ordersCsv}?page=2`)).status).toBe(400);
    });

    it('exports the filtered orders as RFC 4180 CSV in UTF-8, with formulas defused', async () => {
      const marker = `csv${kind}${Date.now()}`;
      const [tricky] = await insertOrders(1, marker, {
        billing: {
          firstName: 'Zoë, "the" first',
          lastName: 'Ørsted\nSecond line',
          country: 'Côte d’Ivoire',
          isoCode: 'CI',
          state: '',
          city: 'Abidjan',
          zipcode: '01',
        },
        discountCode: null,
        totalMinor: 44_910,
        subtotalMinor: 49_900,
        discountMinor: 4_990,
      });
      await flagOrder(db(), tricky!.id, '=HYPERLINK("https://evil.example","click")');
      const [hostile] = await insertOrders(1, `${marker}hostile`, {
        billing: {
          firstName: '＠SUM(1+1)',
          lastName: "Lovelace;=cmd|' /C calc'!A0;",
          country: 'Wales,+1\t-1',
          isoCode: 'GB',
          state: '',
          city: 'Cardiff',
          zipcode: 'CF10',
        },
      });
      await insertOrders(1_200, `${marker}bulk`);
      const response = await call('GET', `${sellerOrderRoutes.ordersCsv}?q=${marker}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      // The bytes as sent: a UTF-8 byte-order mark, then CRLF-ended records.
      const raw = Buffer.from(
        await (
          await fetch(`${env.stack.appUrl}${sellerOrderRoutes.ordersCsv}?q=${marker}`, {
            headers: { authorization: `Bearer ${seller}` },
          })
        ).arrayBuffer(),
      );
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = raw.toString('utf8');
      expect(text.startsWith('\uFEFF"Order","Created (UTC)","State",')).toBe(true);
      expect(text.split('\r\n')[0]).not.toContain('\n');
      // Every field quoted (the header and empty ones too), quotes doubled, records ended by CRLF.
      expect(text.slice(1)).toMatch(/^(?:"(?:[^"]|"")*"(?:,|\r\n))+$/u);
      expect(text).toContain('"Zoë, ""the"" first","Ørsted\nSecond line"');
      // Opened with a semicolon, a tab or a comma as the list separator, quotes honoured
      // or not, no cell starts a formula.
      for (const separator of [';', '\t', ',', '\n']) {
        const live = text.split(separator).filter((cell) => /^[\s"]*[=+\-@＝＋－＠]/u.test(cell));
        expect(live, `split at ${JSON.stringify(separator)}`).toEqual([]);
      }

      const records = parse(text, { bom: true, columns: true }) as Record<string, string>[];
      expect(records).toHaveLength(1_202);
      const row = records.find((record) => record.Order === tricky!.id)!;
      expect(row).toMatchObject({
        'First name': 'Zoë, "the" first',
        'Last name': 'Ørsted\nSecond line',
        Country: 'Côte d’Ivoire',
        Currency: 'USD',
        Subtotal: '499.00',
        Discount: '49.90',
        Total: '449.10',
        'Needs attention': `'=HYPERLINK("https://evil.example","click")`,
      });
      expect(records.find((record) => record.Order === hostile!.id)).toMatchObject({
        'First name': "'＠SUM(1+1)",
        'Last name': "Lovelace;'=cmd|' /C calc'!A0;",
        Country: "Wales,'+1\t'-1",
      });
      const filtered = await call('GET', `${sellerOrderRoutes.ordersCsv}?q=${marker}&state=paid`);
      expect(parse(filtered.text, { bom: true, columns: true })).toEqual([]);
    });
  });

  describe('an order paid by PayPal invoice', () => {
    it('shows its whole timeline, refunds in part and in full through PayPal, once per click', async () => {
      const { orderId, email } = await paypalOrder();
      const seatsBefore = await seats('B-JAN');
      await pay(orderId);
      await until(
        async () =>
          (await db().select().from(portalHandoffs).where(eq(portalHandoffs.orderId, orderId)))[0]
            ?.deliveredAt ?? undefined,
        'the enrolment to reach the portal',
      );

      const paid = await detail(orderId);
      expect(paid.order).toMatchObject({ status: 'paid', email, refundedMinor: 0 });
      expect(paid.handoff.state).toBe('delivered');
      expect(paid.actions.refund).toEqual({ allowed: true, reason: null, maxMinor: 49_900 });
      expect(paid.actions.cancel.allowed).toBe(false);
      const titles = paid.timeline.map((entry) => entry.title);
      expect(titles[0]).toBe('Order placed');
      expect(titles).toEqual(
        expect.arrayContaining([
          'PayPal: create and send the invoice or link',
          'Awaiting payment',
          'Webhook from PayPal: INVOICING.INVOICE.PAID',
          'PayPal: ask for the payment state',
          'Paid',
          'Payment received',
          'Hand-off to the courses portal queued: enrol',
          'Courses portal acknowledged (enrol)',
        ]),
      );
      const calls = await db()
        .select()
        .from(providerCalls)
        .where(eq(providerCalls.orderId, orderId));
      expect(calls.map((each) => [each.operation, each.outcome])).toEqual(
        expect.arrayContaining([
          ['issue', 'ok'],
          ['fetch-state', 'ok'],
        ]),
      );
      expect(JSON.stringify(calls)).not.toContain(email);

      // Two tabs send the same refund at once (one dialog, a double click): refunded once.
      const body = {
        idempotencyKey: `refund-part-${orderId}`,
        amountMinor: 9_900,
        reason: 'buyer-asked',
        note: 'Partial, as agreed',
      };
      const path = sellerOrderPathOf(sellerOrderRoutes.refund, orderId);
      const [a, b] = await Promise.all([call('POST', path, body), call('POST', path, body)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(paypalRefundRequests().filter((r) => r.path.endsWith('/refund'))).toHaveLength(1);
      const partly = await detail(orderId);
      expect(partly.order).toMatchObject({ status: 'paid', refundedMinor: 9_900, attention: null });
      expect(partly.actions.refund.maxMinor).toBe(40_000);

      // More than is left is refused before PayPal is asked.
      const tooMuch = await act(orderId, 'refund', { amountMinor: 40_001, reason: 'other' });
      expect(tooMuch.status).toBe(422);
      expect(tooMuch.json.message).toContain('400.00 USD');

      // Two different refunds of the rest at once: one refunds, the other is refused.
      const rest = await Promise.all([
        act(orderId, 'refund', { amountMinor: 40_000, reason: 'buyer-asked' }),
        act(orderId, 'refund', { amountMinor: 40_000, reason: 'buyer-asked' }),
      ]);
      expect(rest.map((r) => r.status).sort()).toEqual([200, 409]);
      const refunded = await detail(orderId);
      expect(refunded.order).toMatchObject({ status: 'refunded', refundedMinor: 49_900 });
      expect(await seats('B-JAN')).toBe(seatsBefore - 1);
      const invoice = env.stack.emulators.paypal.invoices.get(refunded.order.providerReference!);
      expect(invoice.status).toBe('REFUNDED');
      expect(
        refunded.timeline.filter((entry) => entry.kind === 'seller' && entry.title === 'Refunded'),
      ).toHaveLength(2);
      expect(refunded.timeline.find((entry) => entry.kind === 'seller')).toMatchObject({
        actor: 'seller@example.com',
        detail: expect.stringContaining('Partial, as agreed') as unknown,
      });
      await untilDelivered(orderId, 'enrollment.revoked', 'the portal to be told to un-enrol');
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, orderId), eq(auditLog.action, 'order.refund')));
      expect(audit).toHaveLength(2);
      expect(audit[1]).toMatchObject({
        actorEmail: 'seller@example.com',
        before: { status: 'paid' },
        after: { status: 'refunded', amountMinor: 40_000 },
      });
    });

    it('records a full refund once when PayPal’s webhook settles the order first, and tells the portal', async () => {
      const { orderId } = await paypalOrder();
      await pay(orderId);
      const seatsPaid = await seats('B-JAN');
      const restore = meanwhile('refund', {
        after: () => until(async () => (await status(orderId)) === 'refunded', 'the webhook'),
      });
      try {
        const refund = await act(orderId, 'refund', { amountMinor: 49_900, reason: 'buyer-asked' });
        expect(refund.status).toBe(200);
        expect(refund.json.message).toBe(
          'Refunded 499.00 USD in full; the seat is free and the courses portal is told.',
        );
        expect(refund.json.detail.order).toMatchObject({
          status: 'refunded',
          refundedMinor: 49_900,
        });
      } finally {
        restore();
      }
      expect(await seats('B-JAN')).toBe(seatsPaid - 1);
      expect(await auditOf(orderId, 'order.refund')).toHaveLength(1);
      expect((await handoffKinds(orderId)).sort()).toEqual([
        'enrollment.created',
        'enrollment.revoked',
      ]);
      // Told at once, as when the seller's own transaction closes the order.
      await untilDelivered(orderId, 'enrollment.revoked', 'the portal to be told to un-enrol');
    });

    it('moves a paid seat to another batch, within its capacity', async () => {
      const { orderId } = await paypalOrder();
      await pay(orderId);
      const before = { jan: await seats('B-JAN'), apr: await seats('B-APR') };
      const moved = await act(orderId, 'moveBatch', { batchId: 'B-APR', note: 'Prefers April' });
      expect(moved.status).toBe(200);
      expect(moved.json.detail.order.batchId).toBe('B-APR');
      expect({ jan: await seats('B-JAN'), apr: await seats('B-APR') }).toEqual({
        jan: before.jan - 1,
        apr: before.apr + 1,
      });
      await db().update(batches).set({ seatsTaken: 2 }).where(eq(batches.id, 'B-FULL'));
      const intoFull = await act(orderId, 'moveBatch', { batchId: 'B-FULL' });
      expect(intoFull.status).toBe(409);
      expect(await seats('B-APR')).toBe(before.apr + 1);
      await db().update(batches).set({ seatsTaken: 1 }).where(eq(batches.id, 'B-FULL'));
      expect((await act(orderId, 'moveBatch', { batchId: 'B-FULL' })).status).toBe(200);
      expect(await seats('B-FULL')).toBe(2);
      expect((await act(orderId, 'moveBatch', { batchId: 'B-FULL' })).status).toBe(422);
      expect((await act(orderId, 'moveBatch', { batchId: 'B-RETIRED' })).status).toBe(422);
    });
  });

  describe('a paid student moved to another batch', () => {
    const portalSaw = (email: string) =>
      env.stack.emulators.portal.state
        .list(email)
        .map((each) => [each.type, each.movedFrom?.batchId ?? null, each.workshop.batchId]);

    it('tells the courses portal of each move, once per move, after the enrolment', async () => {
      const { orderId, email } = await paypalOrder();
      await pay(orderId);
      await untilDelivered(orderId, 'enrollment.created', 'the enrolment to reach the portal');

      const body = { idempotencyKey: `move-${orderId}`, batchId: 'B-APR' };
      const path = sellerOrderPathOf(sellerOrderRoutes.moveBatch, orderId);
      const moved = await call<SellerActionResponse>('POST', path, body);
      expect(moved.status).toBe(200);
      expect(moved.json.message).toBe(
        'Moved to B-APR; the courses portal is told to move the student from B-JAN.',
      );
      expect((await call('POST', path, body)).status).toBe(200);
      await untilDelivered(orderId, 'enrollment.moved', 'the move to reach the portal');
      expect((await act(orderId, 'moveBatch', { batchId: 'B-JAN' })).status).toBe(200);
      await until(async () => portalSaw(email).length === 3, 'the second move to reach the portal');
      expect(portalSaw(email)).toEqual([
        ['enrollment.created', null, 'B-JAN'],
        ['enrollment.moved', 'B-JAN', 'B-APR'],
        ['enrollment.moved', 'B-APR', 'B-JAN'],
      ]);
      expect((await handoffKinds(orderId)).sort()).toEqual([
        'enrollment.created',
        'enrollment.moved',
        'enrollment.moved',
      ]);
      const titles = (await detail(orderId)).timeline.map((entry) => entry.title);
      expect(titles).toEqual(
        expect.arrayContaining([
          'Hand-off to the courses portal queued: move to another batch',
          'Courses portal acknowledged (move to another batch)',
        ]),
      );
    });

    it('sends a move only after the enrolment the portal refused, when it is back', async () => {
      const { orderId, email } = await paypalOrder();
      await control(env.stack, '/portal/_control/faults', { mode: 'http-500' });
      await pay(orderId);
      await untilEnrolmentAttempted(orderId);
      const moved = await act(orderId, 'moveBatch', { batchId: 'B-APR' });
      expect(moved.json.message).toBe(
        'Moved to B-APR; the courses portal is told to move the student from B-JAN.',
      );
      await fetch(`${env.stack.emulatorsUrl}/portal/_control/faults`, { method: 'DELETE' });
      const retried = await act(orderId, 'retryHandoff', {});
      expect(retried.json.message).toBe('The courses portal acknowledged the hand-off.');
      expect(portalSaw(email)).toEqual([
        ['enrollment.created', null, 'B-JAN'],
        ['enrollment.moved', 'B-JAN', 'B-APR'],
      ]);
    });
  });

  describe('an order awaiting payment', () => {
    it('sends the invoice again through PayPal', async () => {
      const { orderId, email } = await paypalOrder();
      const resent = await act(orderId, 'resend', {});
      expect(resent.status).toBe(200);
      expect(resent.json.message).toBe('The buyer was sent the invoice again.');
      const mails = env.stack.emulators.inbox.list(email).filter((m) => m.kind === 'invoice');
      expect(mails.map((mail) => mail.subject)).toEqual([
        expect.stringMatching(/^Reminder: invoice W7-/),
        expect.stringMatching(/^Invoice W7-/),
      ]);
    });

    it('is marked paid outside the rails once: the invoice is withdrawn and the student handed off', async () => {
      const { orderId } = await paypalOrder();
      const body = { idempotencyKey: `mark-${orderId}`, note: 'Bank transfer, ref 2027-118' };
      const path = sellerOrderPathOf(sellerOrderRoutes.markPaid, orderId);
      const [a, b] = await Promise.all([call('POST', path, body), call('POST', path, body)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const order = (await findOrderWithAttention(db(), orderId))!;
      expect(order).toMatchObject({
        status: 'paid',
        paymentReferences: ['manual: Bank transfer, ref 2027-118'],
      });
      expect(env.stack.emulators.paypal.invoices.get(order.providerReference!).status).toBe(
        'CANCELLED',
      );
      const handoffs = await db()
        .select()
        .from(portalHandoffs)
        .where(eq(portalHandoffs.orderId, orderId));
      expect(handoffs.map((handoff) => handoff.kind)).toEqual(['enrollment.created']);
      const again = await act(orderId, 'markPaid', { note: 'Again' });
      expect(again.status).toBe(409);
      const refund = await act(orderId, 'refund', { amountMinor: 100, reason: 'other' });
      expect(refund.status).toBe(409);
      expect(refund.json.message).toContain('outside PayPal and Zoho');
    });

    it('is cancelled at PayPal and frees its seat; a paid order is not', async () => {
      const { orderId } = await paypalOrder({
        courseInfo: [{ productSku: 'WIFI7-LIVE', productName: 'Wi-Fi 7', batchId: 'B-APR' }],
      });
      const seatsBefore = await seats('B-APR');
      const cancelled = await act(orderId, 'cancel', { note: 'Asked by phone' });
      expect(cancelled.status).toBe(200);
      const order = (await findOrderWithAttention(db(), orderId))!;
      expect(order).toMatchObject({ status: 'cancelled', holdsReserved: false });
      expect(await seats('B-APR')).toBe(seatsBefore - 1);
      expect(env.stack.emulators.paypal.invoices.get(order.providerReference!).status).toBe(
        'CANCELLED',
      );
      expect((await act(orderId, 'cancel', {})).status).toBe(409);
    });

    it('finishes a cancel whose withdrawal PayPal’s webhook reports first, freeing the seat once', async () => {
      const { orderId } = await paypalOrder();
      const seatsBefore = await seats('B-JAN');
      const restore = meanwhile('cancel', {
        after: () => until(async () => (await status(orderId)) === 'cancelled', 'the webhook'),
      });
      try {
        const cancelled = await act(orderId, 'cancel', { note: 'Asked by phone' });
        expect(cancelled.status).toBe(200);
        expect(cancelled.json.message).toBe(
          'The order is cancelled, its invoice or link withdrawn and its seat free.',
        );
      } finally {
        restore();
      }
      expect(await findOrderWithAttention(db(), orderId)).toMatchObject({
        status: 'cancelled',
        holdsReserved: false,
      });
      expect(await seats('B-JAN')).toBe(seatsBefore - 1);
      const audit = await auditOf(orderId, 'order.cancel');
      expect(audit).toMatchObject([{ after: { status: 'cancelled' }, note: 'Asked by phone' }]);
    });

    it('tells the seller to refund when the buyer pays while the cancel is on its way', async () => {
      const { orderId } = await paypalOrder();
      const seatsBefore = await seats('B-JAN');
      const restore = meanwhile('cancel', { before: () => pay(orderId) });
      let cancelled;
      try {
        cancelled = await act(orderId, 'cancel', {});
      } finally {
        restore();
      }
      expect(cancelled.status).toBe(409);
      expect(cancelled.json.message).toBe(
        'The buyer paid before the invoice or link could be withdrawn: the order is paid and keeps its seat. Refund it if it should not stand.',
      );
      const order = (await findOrderWithAttention(db(), orderId))!;
      expect(order).toMatchObject({ status: 'paid', holdsReserved: true });
      expect(await seats('B-JAN')).toBe(seatsBefore);
      expect(env.stack.emulators.paypal.invoices.get(order.providerReference!).status).toBe('PAID');
      expect(await handoffKinds(orderId)).toEqual(['enrollment.created']);
      expect(await auditOf(orderId, 'order.cancel')).toEqual([]);
      expect((await detail(orderId)).actions.refund.allowed).toBe(true);
    });

    it('moves to another batch as a new order with a new invoice; the old one is withdrawn', async () => {
      const { orderId, email } = await paypalOrder();
      const moved = await act(orderId, 'moveBatch', { batchId: 'B-APR' });
      expect(moved.status).toBe(200);
      const next = moved.json.detail.order;
      expect(next).toMatchObject({ batchId: 'B-APR', status: 'awaiting_payment', email });
      expect(next.id).not.toBe(orderId);
      expect(moved.json.message).toBe(
        `Moved to B-APR as order ${next.id}; the buyer gets a new invoice or link. The old one is withdrawn.`,
      );
      // Withdrawn before the answer, not at the reconciler's next pass, and before the new one is sent.
      const old = (await findOrderWithAttention(db(), orderId))!;
      expect(old).toMatchObject({ status: 'cancelled', providerCancelPending: false });
      const { invoices, requests } = env.stack.emulators.paypal;
      expect(invoices.get(old.providerReference!).status).toBe('CANCELLED');
      expect(invoices.get(next.providerReference!).status).not.toBe('CANCELLED');
      const paths = requests.list().map((request) => request.path);
      expect(paths.indexOf(`/v2/invoicing/invoices/${old.providerReference}/cancel`)).toBeLessThan(
        paths.indexOf(`/v2/invoicing/invoices/${next.providerReference}/send`),
      );
      const replay = await call('POST', sellerOrderPathOf(sellerOrderRoutes.moveBatch, orderId), {
        idempotencyKey: `key-${crypto.randomUUID()}`,
        batchId: 'B-APR',
      });
      expect(replay.status).toBe(409);
    });

    it('moves while PayPal cannot withdraw the old invoice, and leaves that to the reconciler', async () => {
      const { orderId } = await paypalOrder();
      await control(env.stack, '/paypal/_control/faults', { mode: 'http-503', path: 'cancel$' });
      const moved = await act(orderId, 'moveBatch', { batchId: 'B-APR' });
      expect(moved.status).toBe(200);
      expect(moved.json.message).toContain(
        'The payment provider did not answer, so the old one is withdrawn at its next check, within a minute.',
      );
      expect(moved.json.detail.order).toMatchObject({
        batchId: 'B-APR',
        status: 'awaiting_payment',
      });
      const old = (await findOrderWithAttention(db(), orderId))!;
      expect(old).toMatchObject({ status: 'cancelled', providerCancelPending: true });
      const invoice = () => env.stack.emulators.paypal.invoices.get(old.providerReference!);
      expect(invoice().status).not.toBe('CANCELLED');

      await fetch(`${env.stack.emulatorsUrl}/paypal/_control/faults`, { method: 'DELETE' });
      await reconcileNow(env, eq(orders.id, orderId));
      expect(invoice().status).toBe('CANCELLED');
      expect(await findOrderWithAttention(db(), orderId)).toMatchObject({
        providerCancelPending: false,
      });
    });

    it('keeps the old order when the buyer pays it while it moves, and sends no new invoice', async () => {
      const { orderId, email } = await paypalOrder();
      const seatsApril = await seats('B-APR');
      const restore = meanwhile('cancel', { before: () => pay(orderId) });
      const path = sellerOrderPathOf(sellerOrderRoutes.moveBatch, orderId);
      const body = { idempotencyKey: `move-${orderId}`, batchId: 'B-APR' };
      let moved;
      try {
        moved = await call<{ message: string }>('POST', path, body);
      } finally {
        restore();
      }
      const notMoved = `The buyer paid the old invoice or link meanwhile: order ${orderId} is paid and keeps its seat in B-JAN, and no new one was sent. Move the paid order if it should be in B-APR.`;
      expect(moved.status).toBe(409);
      expect(moved.json.message).toBe(notMoved);
      // The log and a repeat of the request say what happened: no move.
      const [logged] = await auditOf(orderId, 'order.move-batch');
      expect(logged!.after).toMatchObject({ status: 'paid', batchId: 'B-JAN', message: notMoved });
      expect(logged!.after).not.toHaveProperty('replacedBy');
      const shown = await call<{ items: { after: Record<string, unknown> }[] }>(
        'GET',
        `/api/seller/audit?targetType=order&targetId=${orderId}`,
      );
      expect(shown.json.items[0]!.after).toMatchObject({ status: 'paid', message: notMoved });
      expect(shown.json.items[0]!.after).not.toHaveProperty('refusedWith');
      const repeated = await call<{ message: string }>('POST', path, body);
      expect([repeated.status, repeated.json.message]).toEqual([409, notMoved]);
      const timeline = (await detail(orderId)).timeline.filter((entry) => entry.kind === 'seller');
      expect(timeline).toMatchObject([{ title: 'Not moved to another batch', detail: notMoved }]);
      expect(await findOrderWithAttention(db(), orderId)).toMatchObject({
        status: 'paid',
        batchId: 'B-JAN',
        holdsReserved: true,
      });
      const [successor] = await db()
        .select()
        .from(orders)
        .where(and(eq(orders.email, email), eq(orders.batchId, 'B-APR')));
      expect(successor).toMatchObject({ status: 'cancelled', providerReference: null });
      expect(await seats('B-APR')).toBe(seatsApril);
    });

    it('refuses what the order does not allow, and a bad request, changing nothing', async () => {
      const { orderId } = await paypalOrder();
      const before = await findOrderWithAttention(db(), orderId);
      const refusals = [
        await act(orderId, 'refund', { amountMinor: 100, reason: 'other' }),
        await act(orderId, 'retryHandoff', {}),
        await act(orderId, 'dismissAttention', { note: 'Nothing' }),
        await act(orderId, 'reissue', {}),
      ];
      expect(refusals.map((r) => r.status)).toEqual([409, 409, 409, 409]);
      const bad = [
        await act(orderId, 'refund', { amountMinor: 0, reason: 'other' }),
        await act(orderId, 'refund', { amountMinor: 100, reason: 'other', price: 1 }),
        await act(orderId, 'markPaid', { note: '   ' }),
        await call('POST', sellerOrderPathOf(sellerOrderRoutes.cancel, orderId), {}),
        await act('not an id', 'cancel', {}),
      ];
      expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
      expect((await act('ZZZZZZZZZZZZZZZZ', 'cancel', {})).status).toBe(404);
      expect(await findOrderWithAttention(db(), orderId)).toEqual(before);
      const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, orderId));
      expect(audit).toEqual([]);
    });

    it('attaches only an object the provider knows, and reissues after a lost answer', async () => {
      const { orderId } = await paypalOrder();
      // As after a create whose answer never came: no invoice known, a create attempted.
      await db()
        .update(orders)
        .set({
          status: 'pending',
          providerReference: null,
          createAttemptedAt: new Date(),
        })
        .where(eq(orders.id, orderId));
      const typo = await act(orderId, 'attach', { providerReference: 'INV2-NOPE-NOPE-NOPE-NOPE' });
      expect(typo.status).toBe(422);
      expect((await findOrderWithAttention(db(), orderId))!.status).toBe('pending');
      const reissued = await act(orderId, 'reissue', { note: 'Nothing at PayPal' });
      expect(reissued.status).toBe(200);
      expect(reissued.json.detail.order.status).toBe('awaiting_payment');
    });
  });

  describe('the hand-off and what needs attention', () => {
    it('lists a paid order the portal refused, and a retry delivers it', async () => {
      await control(env.stack, '/portal/_control/faults', { mode: 'http-500' });
      const { orderId } = await paypalOrder();
      await pay(orderId);
      await untilEnrolmentAttempted(orderId);
      const attention = (await call<SellerAttentionList>('GET', sellerOrderRoutes.attention)).json;
      const item = attention.items.find((each) => each.orderId === orderId);
      expect(item).toMatchObject({
        kind: 'paid-not-handed-off',
        resolution: 'retry-handoff',
        dismissible: false,
      });
      expect((await detail(orderId)).handoff.state).toBe('failing');

      const stillDown = await act(orderId, 'retryHandoff', {});
      const refused =
        'The courses portal did not acknowledge the hand-off yet; it is retried on its own. Its answer: portal answered 500.';
      expect(stillDown.json.message).toBe(refused);
      await fetch(`${env.stack.emulatorsUrl}/portal/_control/faults`, { method: 'DELETE' });
      const retried = await act(orderId, 'retryHandoff', { note: 'Portal is back' });
      expect(retried.status).toBe(200);
      expect(retried.json.message).toBe('The courses portal acknowledged the hand-off.');
      // The log keeps what the portal answered to each retry.
      const logged = await auditOf(orderId, 'order.retry-handoff');
      const messages = logged
        .sort((a, b) => a.id - b.id)
        .map((row) => (row.after as { message: string }).message);
      expect(messages).toEqual([refused, 'The courses portal acknowledged the hand-off.']);
      expect(retried.json.detail.handoff.state).toBe('delivered');
      const after = (await call<SellerAttentionList>('GET', sellerOrderRoutes.attention)).json;
      expect(after.items.some((each) => each.orderId === orderId)).toBe(false);
    });

    it('dismisses a flagged order with a reason, in the audit log', async () => {
      const { orderId } = await paypalOrder();
      const note = 'Paid twice for the same workshop: refund this payment (X).';
      await flagOrder(db(), orderId, note);
      const listed = (await call<SellerAttentionList>('GET', sellerOrderRoutes.attention)).json;
      expect(listed.items.find((each) => each.orderId === orderId)).toMatchObject({
        kind: 'order-flagged',
        resolution: 'refund',
        dismissible: true,
        detail: note,
      });
      expect((await act(orderId, 'dismissAttention', {})).status).toBe(400);
      const dismissed = await act(orderId, 'dismissAttention', { note: 'Refunded by phone' });
      expect(dismissed.status).toBe(200);
      expect((await findOrderWithAttention(db(), orderId))!.attention).toBeNull();
      const audit = await call<{ items: { action: string; note: string; before: unknown }[] }>(
        'GET',
        `/api/seller/audit?targetType=order&targetId=${orderId}`,
      );
      expect(audit.json.items).toMatchObject([
        {
          action: 'order.dismiss-attention',
          note: 'Refunded by phone',
          before: { attention: note },
        },
      ]);
    });
  });

  describe('an order paid by Zoho payment link', () => {
    it('sends the link again, and refunds in part through Zoho', async () => {
      const buyer = await signedInBuyer('seller-zoho');
      expect(
        (await call('POST', apiRoutes.zohoContacts, zohoContactBody(buyer.email), buyer.idToken))
          .status,
      ).toBe(200);
      const checkout = await call<{ payment_links: { payment_link_id: string } }>(
        'POST',
        apiRoutes.zohoCheckout,
        zohoCheckoutBody(buyer.email),
        buyer.idToken,
      );
      expect(checkout.status).toBe(200);
      const [order] = await db().select().from(orders).where(eq(orders.email, buyer.email));
      const mailsBefore = env.stack.emulators.inbox.list(buyer.email).length;
      expect((await act(order!.id, 'resend', {})).json.message).toBe(
        'The buyer was sent the payment link again.',
      );
      expect(env.stack.emulators.inbox.list(buyer.email).length).toBe(mailsBefore + 1);

      await control(env.stack, `/zoho/_control/payment-links/${order!.providerReference}/pay`, {});
      await until(
        async () => (await findOrderWithAttention(db(), order!.id))?.status === 'paid',
        'the Zoho payment to settle the order',
      );
      const refund = await act(order!.id, 'refund', { amountMinor: 29_900, reason: 'other' });
      expect(refund.status).toBe(200);
      expect(refund.json.message).toBe('Refunded 299.00 INR.');
      const link = env.stack.emulators.zoho.links.get(order!.providerReference!);
      expect(link.payments?.[0]?.status).toBe('partially_refunded');
      expect(refund.json.detail.timeline.map((entry) => entry.title)).toEqual(
        expect.arrayContaining(['Zoho: refund', 'Refunded']),
      );
    });
  });

  it('answers only sellers', async () => {
    const buyer = await signedInBuyer('not-a-seller');
    for (const path of [
      sellerOrderRoutes.orders,
      sellerOrderRoutes.ordersCsv,
      sellerOrderRoutes.attention,
      sellerOrderRoutes.batchChoices,
    ]) {
      expect((await call('GET', path, undefined, buyer.idToken)).status, path).toBe(403);
      expect((await call('GET', path, undefined, '')).status, path).toBe(401);
    }
  });
});
