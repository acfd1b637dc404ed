/**
 * Nobody can hoard seats, on PGlite and on PostgreSQL, through the app's
 * routes (real ID tokens, the PayPal emulator behind checkout): one client
 * network holds a few unpaid seats of a batch however many proven addresses
 * it uses, a changed checkout never extends a hold, the hold's length is
 * the seller's setting, waitlist joins are limited per address, and the
 * seller sees clustered holds in Needs attention and releases them.
 */
import { randomBytes } from 'node:crypto';
import {
  apiRoutes,
  sellerCatalogPath,
  sellerCatalogRoutes,
  sellerOrderRoutes,
  waitlistRoutes,
  type SellerAttentionList,
} from '@wifi7/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, orders, auditLog } from '../src/db/schema';
import { signInWithEmailLink, type TestBuyer } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody } from './support/request-bodies';
import { useStack } from './support/stack';

const HOUR = 3600_000;

describe.each(databaseKinds)('hoarding seats on %s', (kind) => {
  const env = useStack(kind, { env: { UNPAID_HOLDS_PER_NETWORK: '3' } });
  const db = () => env.database.handle.db;

  const newBatch = async (capacity: number, taken = 0) => {
    const id = `H-${randomBytes(4).toString('hex')}`;
    const [model] = await db().select().from(batches).where(eq(batches.id, 'B-JAN'));
    await db().insert(batches).values({
      id,
      workshopSku: 'WIFI7-LIVE',
      description: model!.description,
      startsOn: model!.startsOn,
      seatCapacity: capacity,
      seatsTaken: taken,
      sessionStarts: model!.sessionStarts,
    });
    return id;
  };
  const call = (
    who: TestBuyer,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body: object | undefined,
    remoteAddress = '127.0.0.1',
  ) =>
    env.stack.app.inject({
      method,
      url,
      remoteAddress,
      headers: { authorization: `Bearer ${who.idToken}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const checkout = (who: TestBuyer, batchId: string, remoteAddress: string, zipcode = '10001') => {
    const body = paypalInvoiceBody(who.email, {
      courseInfo: [
        { productSku: 'WIFI7-LIVE', productName: 'Wi-Fi 7 Live Online Workshop', batchId },
      ],
    });
    body.billingInformation.zipcode = zipcode;
    return call(who, 'POST', apiRoutes.paypalInvoice, body, remoteAddress);
  };
  const buyers = (count: number, domain = 'example.com') =>
    Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const email = `hoard.${index}.${randomBytes(4).toString('hex')}@${domain}`;
        return { email, ...(await signInWithEmailLink(email)) };
      }),
    );
  const seller = async (): Promise<TestBuyer> => ({
    email: 'seller@example.com',
    ...(await signInWithEmailLink('seller@example.com')),
  });
  const openOrders = (batchId: string) =>
    db()
      .select()
      .from(orders)
      .where(
        and(eq(orders.batchId, batchId), inArray(orders.status, ['pending', 'awaiting_payment'])),
      );
  const attention = async (who: TestBuyer) => {
    const response = await call(who, 'GET', sellerOrderRoutes.attention, undefined);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<SellerAttentionList>()
      .items.filter((item) => item.kind === 'holds-clustered');
  };

  it('lets one client with 40 proven addresses hold 3 seats, however fast it checks out', async () => {
    const batchId = await newBatch(40);
    const attacker = '203.0.113.40';
    const answers = await Promise.all(
      (await buyers(40)).map((buyer) => checkout(buyer, batchId, attacker)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(37);
    expect(answers.find((answer) => answer.statusCode === 429)!.json()).toMatchObject({
      message: expect.stringMatching(
        /^Too many unpaid orders for this batch come from your network/,
      ),
    });
    const held = await openOrders(batchId);
    expect(held.map((order) => order.clientNetwork)).toEqual([attacker, attacker, attacker]);
    const [batch] = await db().select().from(batches).where(eq(batches.id, batchId));
    expect(batch!.seatsTaken).toBe(3);

    // A real buyer elsewhere still gets a seat; the attacker's own retry is answered as before.
    const [someoneElse] = await buyers(1);
    expect((await checkout(someoneElse!, batchId, '198.51.100.23')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    const batchId = await newBatch(10);
    const [a, b, c, d] = await buyers(4);
    for (const [buyer, address] of [
      [a!, '2001:db8:5:6::1'],
      [b!, '2001:db8:5:6::2'],
      [c!, '2001:db8:5:6:aaaa::3'],
    ] as const) {
      expect((await checkout(buyer, batchId, address)).statusCode).toBe(200);
    }
    expect((await checkout(d!, batchId, '2001:db8:5:6:ffff::9')).statusCode).toBe(429);
    expect((await checkout(d!, batchId, '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('never extends a hold when the checkout changes (a new ZIP code, then another)', async () => {
    const batchId = await newBatch(5);
    const [buyer] = await buyers(1);
    const first = await checkout(buyer!, batchId, '198.51.100.61', '10001');
    expect(first.statusCode, first.body).toBe(200);
    // The first hold has an hour left.
    const endsAt = new Date(Date.now() + HOUR);
    await db()
      .update(orders)
      .set({ holdExpiresAt: endsAt })
      .where(eq(orders.id, first.json<{ orderId: string }>().orderId));

    for (const zipcode of ['10002', '10003']) {
      const changed = await checkout(buyer!, batchId, '198.51.100.61', zipcode);
      expect(changed.statusCode, changed.body).toBe(200);
      const [order] = await db()
        .select()
        .from(orders)
        .where(eq(orders.id, changed.json<{ orderId: string }>().orderId));
      expect(order!.billing.zipcode).toBe(zipcode);
      expect(order!.holdExpiresAt.getTime()).toBe(endsAt.getTime());
    }
  });

  it('starts a lapsed hold afresh: a checkout after its end is not born expired', async () => {
    const batchId = await newBatch(5);
    const [buyer] = await buyers(1);
    const first = await checkout(buyer!, batchId, '198.51.100.62', '10001');
    expect(first.statusCode, first.body).toBe(200);
    // The hold ended a minute ago; the reconciler has not closed the order yet.
    await db()
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, first.json<{ orderId: string }>().orderId));

    const before = Date.now();
    const again = await checkout(buyer!, batchId, '198.51.100.62', '10002');
    expect(again.statusCode, again.body).toBe(200);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, again.json<{ orderId: string }>().orderId));
    expect(order!.holdExpiresAt.getTime()).toBeGreaterThan(before + HOUR);
  });

  it('holds unpaid orders as long as the seller sets, within 1 to 168 hours, audited', async () => {
    const sellerBuyer = await seller();
    const url = sellerCatalogPath(sellerCatalogRoutes.workshopHold, 'WIFI7-LIVE');
    const [buyer] = await buyers(1);
    expect((await call(buyer!, 'PUT', url, { holdHours: 2 })).statusCode).toBe(403);
    for (const holdHours of [0, 169, 2.5]) {
      expect((await call(sellerBuyer, 'PUT', url, { holdHours })).statusCode).toBe(400);
    }
    const set = await call(sellerBuyer, 'PUT', url, { holdHours: 2, note: 'short hold' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ sku: 'WIFI7-LIVE', holdHours: 2 });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'workshop.hold'));
    expect(audit).toMatchObject({
      actorEmail: 'seller@example.com',
      targetId: 'WIFI7-LIVE',
      before: { holdHours: 72 },
      after: { holdHours: 2 },
    });

    try {
      const batchId = await newBatch(5);
      const before = Date.now();
      const placed = await checkout(buyer!, batchId, '198.51.100.62');
      expect(placed.statusCode, placed.body).toBe(200);
      const [order] = await openOrders(batchId);
      expect(order!.holdExpiresAt.getTime()).toBeGreaterThanOrEqual(before + 2 * HOUR);
      expect(order!.holdExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 2 * HOUR);
    } finally {
      await call(sellerBuyer, 'PUT', url, { holdHours: 72 });
    }
  });

  it('limits waitlist joins per address, whatever accounts it uses', async () => {
    const batchId = await newBatch(1, 1);
    const queue = await buyers(7);
    const address = '203.0.113.77';
    const statuses = [];
    for (const buyer of queue.slice(0, 6)) {
      statuses.push(
        (await call(buyer, 'POST', waitlistRoutes.join, { batchId }, address)).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const elsewhere = await call(
      queue[6]!,
      'POST',
      waitlistRoutes.join,
      { batchId },
      '203.0.113.78',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('shows the seller clustered holds, and releases them with one action', async () => {
    const sellerBuyer = await seller();
    // One network at its cap …
    const batchId = await newBatch(20);
    for (const buyer of await buyers(3)) {
      expect((await checkout(buyer, batchId, '203.0.113.90')).statusCode).toBe(200);
    }
    // … and one company's domain from five addresses.
    const domain = `hoard-${randomBytes(3).toString('hex')}.test`;
    const colleagues = await buyers(5, domain);
    for (const [index, buyer] of colleagues.entries()) {
      expect((await checkout(buyer, batchId, `198.51.100.${100 + index}`)).statusCode).toBe(200);
    }
    // Public mail providers cluster nothing.
    const gmail = await buyers(5, 'gmail.com');
    for (const [index, buyer] of gmail.entries()) {
      expect((await checkout(buyer, batchId, `198.51.100.${120 + index}`)).statusCode).toBe(200);
    }

    const items = (await attention(sellerBuyer)).filter((item) => item.holds?.batchId === batchId);
    expect(items.map((item) => [item.holds, item.title])).toEqual(
      expect.arrayContaining([
        [
          { batchId, by: 'network', value: '203.0.113.90' },
          `3 unpaid orders in batch ${batchId} were placed from one network (203.0.113.90)`,
        ],
        [
          { batchId, by: 'domain', value: domain },
          `5 unpaid orders in batch ${batchId} are for addresses at ${domain}`,
        ],
      ]),
    );
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ resolution: 'release-holds', dismissible: false });

    const domainOrders = (await openOrders(batchId))
      .filter((order) => order.email.endsWith(`@${domain}`))
      .map((order) => order.id);
    expect(domainOrders).toHaveLength(5);
    const release = (key: string) =>
      call(sellerBuyer, 'POST', sellerOrderRoutes.releaseHolds, {
        idempotencyKey: key,
        batchId,
        by: 'domain',
        value: domain,
      });
    const released = await release('release-key-1');
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().message).toMatch(/^Released 5 holds/);
    const left = await openOrders(batchId);
    expect(left).toHaveLength(3 + 5);
    expect(left.some((order) => order.email.endsWith(`@${domain}`))).toBe(false);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.cancel'), inArray(auditLog.targetId, domainOrders)));
    expect(audited).toHaveLength(5);
    expect(audited[0]).toMatchObject({ actorEmail: 'seller@example.com' });
    const [batch] = await db().select().from(batches).where(eq(batches.id, batchId));
    expect(batch!.seatsTaken).toBe(3 + 5);
    // Once released the item is gone; a repeated click releases nothing more.
    expect(
      (await attention(sellerBuyer)).filter((item) => item.holds?.batchId === batchId),
    ).toHaveLength(1);
    expect((await release('release-key-1')).json().message).toMatch(/No unpaid order/);

    // Not for buyers.
    const [buyer] = await buyers(1);
    expect(
      (
        await call(buyer!, 'POST', sellerOrderRoutes.releaseHolds, {
          idempotencyKey: 'release-key-2',
          batchId,
          by: 'network',
          value: '203.0.113.90',
        })
      ).statusCode,
    ).toBe(403);
  });
});
