/**
 * The order service's invariants (docs/decisions/0002), with an in-memory
 * payment rail, on PGlite and on PostgreSQL: server-side price, one open
 * order per buyer, holds that cannot be oversold, 409 only when paid,
 * reconciliation, late payments and refunds, and the hand-off outbox.
 */
import { createServer } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  batches,
  discountCodes,
  handoffAttempts,
  jobs,
  orderEvents,
  orders,
  portalHandoffs,
} from '../src/db/schema';
import { normalizeDiscountCode } from '../src/catalog/discounts';
import { HandoffDeliverer } from '../src/enrolment/portal-handoff';
import {
  AlreadyPurchasedError,
  BatchUnavailableError,
  DiscountNotApplicableError,
  PaymentProviderDownError,
  PaymentRefusedError,
  PaymentUnconfirmedError,
} from '../src/orders/errors';
import { PROVIDER_LEASE_SECONDS } from '../src/orders/issuing';
import { acquireProviderLease } from '../src/orders/leases';
import { lostCreateNote } from '../src/orders/notes';
import { scheduleCheck, transition } from '../src/orders/repository';
import { findOrderWithAttention, withItsAttention } from './support/attention';
import { OrderService, type PlaceOrderInput } from '../src/orders/service';
import { uniqueEmail } from './support/auth-emulator';
import { loadTestCatalog } from './support/catalog';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';
import { FakeRail } from './support/fake-rail';
import { LONDON_BILLING } from './support/billing';
import { until } from './support/stack';

const billing = LONDON_BILLING;

describe.each(databaseKinds)('orders on %s', (kind) => {
  let database: TestDatabase;
  let gateway: FakeRail;
  let service: OrderService;
  const log = pino({ level: 'silent' });

  // The code as a request brings it; routes normalise it at the edge.
  type Overrides = Partial<Omit<PlaceOrderInput, 'discountCode'>> & { discountCode?: string };
  const input = ({ discountCode, ...overrides }: Overrides = {}): PlaceOrderInput => ({
    uid: 'uid-1',
    email: uniqueEmail(),
    rail: 'paypal_invoice',
    workshopSku: 'WIFI7-LIVE',
    batchId: 'B-JAN',
    discountCode: normalizeDiscountCode(discountCode),
    billing,
    ...overrides,
  });
  const seatsTaken = async (batchId: string) =>
    (await database.handle.db.select().from(batches).where(eq(batches.id, batchId)))[0]!.seatsTaken;
  const usesOf = async (code: string) =>
    (await database.handle.db.select().from(discountCodes).where(eq(discountCodes.code, code)))[0]!
      .uses;
  const makeDue = (id: string) =>
    scheduleCheck(database.handle.db, id, new Date(Date.now() - 1000));
  /** The order's hold ran out a minute ago, and it is due for a check. */
  const expireHold = async (id: string) => {
    await database.handle.db
      .update(orders)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, id));
    await makeDue(id);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await loadTestCatalog(database.handle.db);
    await database.handle.db.update(batches).set({ seatsTaken: 2 }).where(eq(batches.id, 'B-FULL'));
  });
  afterAll(async () => database.dispose());
  beforeEach(() => {
    gateway = new FakeRail();
    // The portal is not reachable here: hand-offs stay in the outbox.
    const handoffs = new HandoffDeliverer(
      database.handle.db,
      {
        webhookUrl: 'http://127.0.0.1:9/portal',
        webhookSecret: 'secret-secret-secret',
        timeoutMs: 200,
      },
      log,
    );
    service = new OrderService(database.handle.db, { paypal_invoice: gateway }, handoffs, log, {
      unpaidHoldsPerNetwork: 3,
      issueWaitMs: 3000,
    });
  });

  it('prices on the server, takes a seat and a code use, and records the history', async () => {
    const before = { seats: await seatsTaken('B-JAN'), uses: await usesOf('SAVE10') };
    const { order, reused } = await service.placement.place(input({ discountCode: 'save10' }));
    expect(reused).toBe(false);
    expect(order).toMatchObject({
      status: 'pending',
      currency: 'USD',
      subtotalMinor: 49_900,
      discountMinor: 4_990,
      totalMinor: 44_910,
      discountCode: 'SAVE10',
      invoiceNumber: `W7-${order.id}`,
    });
    expect(await seatsTaken('B-JAN')).toBe(before.seats + 1);
    expect(await usesOf('SAVE10')).toBe(before.uses + 1);

    const issued = await service.issuing.issue(order);
    expect(issued).toMatchObject({
      status: 'awaiting_payment',
      providerReference: `INV2-${order.id}`,
    });
    const history = await database.handle.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(history.map((event) => event.toStatus)).toEqual(['pending', 'awaiting_payment']);
  });

  it('changes a status and records its event in one statement, or neither', async () => {
    const { order } = await service.placement.place(input());
    const history = () =>
      database.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    // A stale status changes nothing and records nothing.
    expect(
      await transition(database.handle.db, { ...order, status: 'awaiting_payment' }, 'paid', 'x'),
    ).toBeUndefined();
    expect((await findOrderWithAttention(database.handle.db, order.id))!.status).toBe('pending');
    expect(await history()).toHaveLength(1);

    const changed = await transition(database.handle.db, order, 'cancelled', 'buyer left', {
      nextCheckAt: null,
    });
    expect(await withItsAttention(database.handle.db, changed!)).toMatchObject({
      id: order.id,
      status: 'cancelled',
      nextCheckAt: null,
    });
    expect(changed!.createdAt).toBeInstanceOf(Date);
    expect((await history()).at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'cancelled',
      reason: 'buyer left',
    });
  });

  it('prices India orders in INR', async () => {
    const { order } = await service.placement.place(input({ rail: 'zoho_link' }));
    expect(order).toMatchObject({ currency: 'INR', totalMinor: 4_129_900, invoiceNumber: null });
  });

  it('reuses the open order for a repeated checkout and issues once', async () => {
    const request = input();
    const first = await service.placement.place(request);
    await service.issuing.issue(first.order);
    const again = await service.placement.place(request);
    expect(again.reused).toBe(true);
    expect(again.order.id).toBe(first.order.id);
    await service.issuing.issue(again.order);
    expect(gateway.issued).toEqual([first.order.id]);
  });

  it('a double click issues one invoice: the second request waits for the first', async () => {
    gateway.issueDelayMs = 300;
    const request = input();
    const [a, b] = await Promise.all([
      service.placement.place(request),
      service.placement.place(request),
    ]);
    expect(a.order.id).toBe(b.order.id);
    const [x, y] = await Promise.all([
      service.issuing.issue(a.order),
      service.issuing.issue(b.order),
    ]);
    expect(x.status).toBe('awaiting_payment');
    expect(y.status).toBe('awaiting_payment');
    expect(gateway.issued).toEqual([a.order.id]);
  });

  it('a changed batch replaces the open order, gives back its seat and withdraws its invoice', async () => {
    const email = uniqueEmail();
    const first = await service.placement.place(input({ email }));
    await service.issuing.issue(first.order);
    const seats = { jan: await seatsTaken('B-JAN'), apr: await seatsTaken('B-APR') };
    const second = await service.placement.place(input({ email, batchId: 'B-APR' }));
    expect(second.reused).toBe(false);
    expect(await seatsTaken('B-JAN')).toBe(seats.jan - 1);
    expect(await seatsTaken('B-APR')).toBe(seats.apr + 1);
    const old = (await findOrderWithAttention(database.handle.db, first.order.id))!;
    expect(old).toMatchObject({
      status: 'cancelled',
      providerCancelPending: true,
      holdsReserved: false,
    });
    await makeDue(old.id);
    await service.reconciler.reconcileDue();
    expect(gateway.cancelled).toContain(old.id);
    expect((await findOrderWithAttention(database.handle.db, old.id))!.providerCancelPending).toBe(
      false,
    );
  });

  it('a live issuer keeps its short lease with a heartbeat; the reconciler leaves the order to it', async () => {
    const quick = new OrderService(
      database.handle.db,
      { paypal_invoice: gateway },
      new HandoffDeliverer(
        database.handle.db,
        { webhookUrl: 'http://127.0.0.1:9/portal', webhookSecret: 'secret-secret-secret' },
        log,
      ),
      log,
      { unpaidHoldsPerNetwork: 3, issueWaitMs: 3000, providerLeaseSeconds: 1 },
    );
    let open!: () => void;
    gateway.issueGate = new Promise((resolve) => (open = resolve));
    const { order } = await quick.placement.place(input());
    const issuing = quick.issuing.issue(order);
    await until(async () => gateway.started.includes(order.id), 'the provider call to start');
    const leaseOf = async () =>
      (await findOrderWithAttention(database.handle.db, order.id))!.providerLeaseUntil!;
    const first = await leaseOf();
    // Renewed while the call runs, far past the one-second lease it started with.
    await until(
      async () => (await leaseOf()).getTime() > first.getTime() + 1000,
      'the lease to be renewed',
    );
    await makeDue(order.id);
    await quick.reconciler.reconcileDue();
    expect(
      (await findOrderWithAttention(database.handle.db, order.id))!.nextCheckAt!.getTime(),
    ).toBeGreaterThan(Date.now());
    open();
    expect((await issuing).status).toBe('awaiting_payment');
    expect(gateway.started).toEqual([order.id]);
    expect(gateway.issued).toEqual([order.id]);
  });

  it("a dead caller's lease runs out within 15 s, and the next pass finishes its order", async () => {
    const { order } = await service.placement.place(input());
    // A process took the lease and was killed before its call answered.
    const before = Date.now();
    const leased = await acquireProviderLease(database.handle.db, order.id, PROVIDER_LEASE_SECONDS);
    expect(leased?.id).toBe(order.id);
    // A second caller finds it taken.
    expect(
      await acquireProviderLease(database.handle.db, order.id, PROVIDER_LEASE_SECONDS),
    ).toBeUndefined();
    const lease = (await findOrderWithAttention(database.handle.db, order.id))!.providerLeaseUntil!;
    expect(leased!.providerLeaseUntil).toEqual(lease);
    expect(lease.getTime() - before).toBeLessThanOrEqual(16_000);
    // A placed order is due for its first check 15 s after it was placed.
    const placed = await withItsAttention(database.handle.db, order);
    expect(placed.nextCheckAt!.getTime() - order.createdAt.getTime()).toBeLessThanOrEqual(16_000);
    // Once the lease has run out, one pass finishes the order.
    await database.handle.db
      .update(orders)
      .set({ providerLeaseUntil: sql`now() - interval '1 second'` })
      .where(eq(orders.id, order.id));
    await makeDue(order.id);
    await service.reconciler.reconcileDue();
    expect((await findOrderWithAttention(database.handle.db, order.id))!.status).toBe(
      'awaiting_payment',
    );
  });

  it('never sells the last seat twice', async () => {
    await database.handle.db.insert(batches).values({
      id: `LAST-${kind}`,
      workshopSku: 'WIFI7-LIVE',
      description: 'Jun 1 - Jul 20, 2027 (Americas) -- 9 to 11 AM Pacific Time',
      startsOn: '2027-06-01',
      seatCapacity: 1,
    });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => service.placement.place(input({ batchId: `LAST-${kind}` }))),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(
      refused.every(
        (result) => (result as PromiseRejectedResult).reason instanceof BatchUnavailableError,
      ),
    ).toBe(true);
    expect(await seatsTaken(`LAST-${kind}`)).toBe(1);
  });

  it('never uses a code beyond its limit', async () => {
    await database.handle.db
      .insert(discountCodes)
      .values({ code: `ONCE${kind}`.toUpperCase(), percent: 5, maxUses: 1 });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() =>
        service.placement.place(input({ discountCode: `ONCE${kind}`.toUpperCase() })),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(
      results
        .filter((result) => result.status === 'rejected')
        .every(
          (result) =>
            (result as PromiseRejectedResult).reason instanceof DiscountNotApplicableError,
        ),
    ).toBe(true);
    expect(await usesOf(`ONCE${kind}`.toUpperCase())).toBe(1);
  });

  it('refuses a closed or full batch, a batch of another workshop, and a code that does not apply', async () => {
    await expect(service.placement.place(input({ batchId: 'B-CLOSED' }))).rejects.toBeInstanceOf(
      BatchUnavailableError,
    );
    await expect(service.placement.place(input({ batchId: 'B-FULL' }))).rejects.toBeInstanceOf(
      BatchUnavailableError,
    );
    await expect(service.placement.place(input({ batchId: 'B-RETIRED' }))).rejects.toBeInstanceOf(
      BatchUnavailableError,
    );
    await expect(service.placement.place(input({ discountCode: 'OLD' }))).rejects.toThrow(
      'This discount code has expired.',
    );
    await expect(service.placement.place(input({ discountCode: 'LAB15' }))).rejects.toBeInstanceOf(
      DiscountNotApplicableError,
    );
  });

  it('keeps the order when the provider is down, and the reconciler issues it later', async () => {
    gateway.issueMode = 'down';
    const { order } = await service.placement.place(input());
    await expect(service.issuing.issue(order)).rejects.toBeInstanceOf(PaymentProviderDownError);
    const kept = (await findOrderWithAttention(database.handle.db, order.id))!;
    expect(kept).toMatchObject({ status: 'pending', holdsReserved: true, checkAttempts: 1 });
    expect(kept.lastProviderError).toContain('no answer');
    expect(kept.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());

    gateway.issueMode = 'ok';
    await makeDue(order.id);
    await service.reconciler.reconcileDue();
    expect((await findOrderWithAttention(database.handle.db, order.id))!.status).toBe(
      'awaiting_payment',
    );
  });

  it('closes the order and gives back its holds when the provider refuses its details', async () => {
    gateway.issueMode = 'refused';
    const seats = await seatsTaken('B-JAN');
    const { order } = await service.placement.place(input());
    await expect(service.issuing.issue(order)).rejects.toBeInstanceOf(PaymentRefusedError);
    expect((await findOrderWithAttention(database.handle.db, order.id))!).toMatchObject({
      status: 'failed',
      holdsReserved: false,
    });
    expect(await seatsTaken('B-JAN')).toBe(seats);
  });

  it('marks paid once, writes one hand-off, and then answers 409 for the same workshop', async () => {
    const request = input();
    const { order } = await service.placement.place(request);
    await service.issuing.issue(order);
    gateway.state = { kind: 'paid', paidMinor: 49_900, currency: 'USD', paymentIds: ['PAY-1'] };
    const awaiting = (await findOrderWithAttention(database.handle.db, order.id))!;
    await service.settlement.sync(awaiting, 'test');
    await service.settlement.sync(awaiting, 'test again');
    const paid = (await findOrderWithAttention(database.handle.db, order.id))!;
    expect(paid).toMatchObject({ status: 'paid', nextCheckAt: null });
    expect(paid.paidAt).toBeInstanceOf(Date);
    const handoffs = await database.handle.db
      .select()
      .from(portalHandoffs)
      .where(eq(portalHandoffs.orderId, order.id));
    expect(handoffs).toHaveLength(1);
    expect(handoffs[0]!.payload).toMatchObject({
      type: 'enrollment.created',
      student: { email: request.email, firstName: 'Ada', lastName: 'Lovelace' },
      workshop: { sku: 'WIFI7-LIVE', batchId: 'B-JAN' },
      order: { id: order.id, total: '499.00', currency: 'USD' },
    });
    await expect(service.placement.place(request)).rejects.toBeInstanceOf(AlreadyPurchasedError);
    await expect(service.placement.place({ ...request, batchId: 'B-APR' })).rejects.toBeInstanceOf(
      AlreadyPurchasedError,
    );
  });

  it('counts a hand-off delivered only when the portal acknowledges it, not on any 2xx', async () => {
    // A stand-in for what may sit in front of the portal: first a 200 page, then the portal itself.
    const answers = ['<html>Maintenance</html>', '{"unexpected":true}', '{"received":true}'];
    const portal = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(answers.shift());
    });
    await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
    const deliverer = new HandoffDeliverer(
      database.handle.db,
      {
        webhookUrl: `http://127.0.0.1:${(portal.address() as { port: number }).port}/`,
        webhookSecret: 'secret-secret-secret',
        timeoutMs: 5000,
      },
      log,
    );
    try {
      const { order } = await service.placement.place(input());
      await service.issuing.issue(order);
      gateway.state = { kind: 'paid', paidMinor: 49_900, currency: 'USD', paymentIds: ['PAY-1'] };
      await service.settlement.sync(
        (await findOrderWithAttention(database.handle.db, order.id))!,
        'webhook',
      );
      const [handoff] = await database.handle.db
        .select()
        .from(portalHandoffs)
        .where(eq(portalHandoffs.orderId, order.id));
      // The service's own immediate attempt (to an unreachable portal) goes first.
      await until(
        async () =>
          (
            await database.handle.db
              .select()
              .from(handoffAttempts)
              .where(eq(handoffAttempts.handoffId, handoff!.id))
          ).length === 1,
        'the immediate attempt',
      );
      // Each failed attempt is retried later; make it due again at once.
      const attempt = async () => {
        await database.handle.db
          .update(jobs)
          .set({ runAt: sql`now()` })
          .where(eq(jobs.key, handoff!.id));
        return deliverer.deliverNow(handoff!.id);
      };
      expect([await attempt(), await attempt(), await attempt()]).toEqual([false, false, true]);
      const [delivered] = await database.handle.db
        .select()
        .from(portalHandoffs)
        .where(eq(portalHandoffs.id, handoff!.id));
      expect(delivered).toMatchObject({ attempts: 4, lastError: null });
      expect(delivered!.deliveredAt).toBeInstanceOf(Date);
    } finally {
      portal.closeAllConnections();
      await new Promise((resolve) => portal.close(resolve));
    }
  });

  it('expires an unpaid order after its hold, withdrawing the invoice first', async () => {
    const { order } = await service.placement.place(input());
    await service.issuing.issue(order);
    const seats = await seatsTaken('B-JAN');
    await expireHold(order.id);
    await service.reconciler.reconcileDue();
    expect((await findOrderWithAttention(database.handle.db, order.id))!).toMatchObject({
      status: 'expired',
      holdsReserved: false,
    });
    expect(gateway.cancelled).toContain(order.id);
    expect(await seatsTaken('B-JAN')).toBe(seats - 1);
  });

  it('an expiring order found paid at the provider becomes paid instead', async () => {
    const { order } = await service.placement.place(input());
    await service.issuing.issue(order);
    gateway.cancelMode = 'paid';
    gateway.state = { kind: 'paid', paidMinor: 49_900, currency: 'USD', paymentIds: ['PAY-1'] };
    await expireHold(order.id);
    // The waiting state is what the reconciler first sees; then the cancel reveals the payment.
    gateway.state = { kind: 'waiting' };
    const original = gateway.fetchState.bind(gateway);
    let calls = 0;
    gateway.fetchState = async (snapshot) =>
      calls++ === 0
        ? original(snapshot)
        : { kind: 'paid', paidMinor: 49_900, currency: 'USD', paymentIds: ['PAY-1'] };
    await service.reconciler.reconcileDue();
    expect((await findOrderWithAttention(database.handle.db, order.id))!.status).toBe('paid');
  });

  it('a payment after expiry takes the seat back when one is free', async () => {
    const { order } = await service.placement.place(input());
    await service.issuing.issue(order);
    await expireHold(order.id);
    await service.reconciler.reconcileDue();
    const seats = await seatsTaken('B-JAN');
    gateway.state = { kind: 'paid', paidMinor: 49_900, currency: 'USD', paymentIds: ['PAY-1'] };
    await service.settlement.sync(
      (await findOrderWithAttention(database.handle.db, order.id))!,
      'late webhook',
    );
    expect((await findOrderWithAttention(database.handle.db, order.id))!).toMatchObject({
      status: 'paid',
      holdsReserved: true,
      attention: null,
    });
    expect(await seatsTaken('B-JAN')).toBe(seats + 1);
  });

  it('a payment after expiry into a batch that filled meanwhile is paid without a seat, flagged, not enrolled', async () => {
    const batchId = `SMALL-${kind}`;
    await database.handle.db.insert(batches).values({
      id: batchId,
      workshopSku: 'WIFI7-LIVE',
      description: 'Aug 3 - Sep 23, 2027 (Americas) -- 9 to 11 AM Pacific Time',
      startsOn: '2027-08-03',
      seatCapacity: 1,
    });
    const { order } = await service.placement.place(input({ batchId }));
    await service.issuing.issue(order);
    await expireHold(order.id);
    await service.reconciler.reconcileDue();
    // Someone else takes the seat the expired order gave back.
    await service.placement.place(input({ batchId }));
    gateway.state = { kind: 'paid', paidMinor: 49_900, currency: 'USD', paymentIds: ['PAY-1'] };
    await service.settlement.sync(
      (await findOrderWithAttention(database.handle.db, order.id))!,
      'late webhook',
    );
    expect((await findOrderWithAttention(database.handle.db, order.id))!).toMatchObject({
      status: 'paid',
      holdsReserved: false,
      attention:
        'Paid after the order was closed, and the batch is now full: add a seat or refund.',
    });
    expect(await seatsTaken(batchId)).toBe(1);
    const handoffs = await database.handle.db
      .select()
      .from(portalHandoffs)
      .where(eq(portalHandoffs.orderId, order.id));
    expect(handoffs).toHaveLength(0);
  });

  it('a second payment for the same workshop is flagged with both payments and both orders', async () => {
    const email = uniqueEmail();
    const first = await service.placement.place(input({ email }));
    await service.issuing.issue(first.order);
    // The buyer changes the batch: the first invoice is being withdrawn, but gets paid too.
    const second = await service.placement.place(input({ email, batchId: 'B-APR' }));
    await service.issuing.issue(second.order);
    const paid = (ids: string[]) =>
      ({ kind: 'paid', paidMinor: 49_900, currency: 'USD', paymentIds: ids }) as const;
    gateway.state = paid(['PAY-SECOND']);
    await service.settlement.sync(
      (await findOrderWithAttention(database.handle.db, second.order.id))!,
      'webhook',
    );
    gateway.state = paid(['PAY-FIRST']);
    await service.settlement.sync(
      (await findOrderWithAttention(database.handle.db, first.order.id))!,
      'late webhook',
    );

    expect((await findOrderWithAttention(database.handle.db, second.order.id))!).toMatchObject({
      status: 'paid',
      paymentReferences: ['PAY-SECOND'],
    });
    expect((await findOrderWithAttention(database.handle.db, first.order.id))!).toMatchObject({
      status: 'cancelled',
      paymentReferences: ['PAY-FIRST'],
      attention: `Paid twice for the same workshop: refund this payment (PAY-FIRST); order ${second.order.id} was paid by PAY-SECOND.`,
    });
  });

  it('a paid order reported paid by another payment is flagged with both, never kept silently', async () => {
    const { order } = await service.placement.place(input());
    await service.issuing.issue(order);
    const paid = (ids: string[]) =>
      ({ kind: 'paid', paidMinor: 49_900, currency: 'USD', paymentIds: ids }) as const;
    gateway.state = paid(['PAY-1']);
    await service.settlement.sync(
      (await findOrderWithAttention(database.handle.db, order.id))!,
      'webhook',
    );
    await service.settlement.sync(
      (await findOrderWithAttention(database.handle.db, order.id))!,
      'same payment again',
    );
    expect((await findOrderWithAttention(database.handle.db, order.id))!.attention).toBeNull();
    gateway.stateOf.set('LINK-2', paid(['PAY-2']));
    await service.syncReported(
      (await findOrderWithAttention(database.handle.db, order.id))!,
      'LINK-2',
      'webhook of a second link',
    );
    expect((await findOrderWithAttention(database.handle.db, order.id))!).toMatchObject({
      status: 'paid',
      paymentReferences: ['PAY-1', 'PAY-2'],
      attention: 'Paid again on this order (PAY-2, on LINK-2); it was paid by PAY-1: refund one.',
    });
  });

  describe('a rail that cannot look up a create whose answer was lost', () => {
    beforeEach(() => {
      gateway.findsLostCreates = false;
      gateway.issueMode = 'down';
    });

    it('never creates again: the order keeps its seat and the seller is told', async () => {
      const { order } = await service.placement.place(input());
      await expect(service.issuing.issue(order)).rejects.toBeInstanceOf(PaymentUnconfirmedError);
      const kept = (await findOrderWithAttention(database.handle.db, order.id))!;
      expect(kept).toMatchObject({ status: 'pending', holdsReserved: true });
      expect(kept.attention).toBe(lostCreateNote(order.id));
      // Due again only when its hold ends.
      expect(kept.nextCheckAt).toEqual(kept.holdExpiresAt);

      gateway.issueMode = 'ok';
      await expect(service.issuing.issue(kept)).rejects.toBeInstanceOf(PaymentUnconfirmedError);
      await makeDue(order.id);
      await service.reconciler.reconcileDue();
      // Earlier tests' orders share this database and may come due on a slow
      // machine; only this order's creates are the point.
      expect(gateway.started.filter((id) => id === order.id)).toEqual([order.id]);
      expect((await findOrderWithAttention(database.handle.db, order.id))!.attention).toBe(
        lostCreateNote(order.id),
      );
    });

    it("the provider's report of the object settles the order and clears the note", async () => {
      const { order } = await service.placement.place(input());
      await service.issuing.issue(order).catch(() => undefined);
      gateway.issueMode = 'ok';
      gateway.stateOf.set('LINK-LOST', { kind: 'waiting' });
      const adopted = await service.syncReported(
        (await findOrderWithAttention(database.handle.db, order.id))!,
        'LINK-LOST',
        'webhook',
      );
      expect(await withItsAttention(database.handle.db, adopted)).toMatchObject({
        status: 'awaiting_payment',
        providerReference: 'LINK-LOST',
        createAttemptedAt: null,
        attention: null,
      });
    });

    it('reported for an order that was replaced meanwhile, the object is withdrawn', async () => {
      const email = uniqueEmail();
      const { order } = await service.placement.place(input({ email }));
      await service.issuing.issue(order).catch(() => undefined);
      gateway.issueMode = 'ok';
      await service.placement.place(input({ email, batchId: 'B-APR' }));
      gateway.stateOf.set('LINK-OLD', { kind: 'waiting' });
      const replaced = await service.syncReported(
        (await findOrderWithAttention(database.handle.db, order.id))!,
        'LINK-OLD',
        'webhook',
      );
      expect(replaced).toMatchObject({ status: 'cancelled', providerCancelPending: true });
      await service.reconciler.reconcileDue();
      expect(gateway.cancelledReferences).toContain('LINK-OLD');
    });

    it('the seller reissues once the provider is known to have nothing', async () => {
      const { order } = await service.placement.place(input());
      await service.issuing.issue(order).catch(() => undefined);
      gateway.issueMode = 'ok';
      const reissued = await service.reissue(
        (await findOrderWithAttention(database.handle.db, order.id))!,
      );
      expect(await withItsAttention(database.handle.db, reissued)).toMatchObject({
        status: 'awaiting_payment',
        attention: null,
      });
    });
  });

  it('a second object still payable is withdrawn at once and the seller is told', async () => {
    const { order } = await service.placement.place(input());
    const issued = await service.issuing.issue(order);
    gateway.stateOf.set('LINK-2', { kind: 'waiting' });
    const after = await service.syncReported(issued, 'LINK-2', 'webhook of a second link');
    expect(gateway.cancelledReferences).toEqual(['LINK-2']);
    expect(await withItsAttention(database.handle.db, after)).toMatchObject({
      status: 'awaiting_payment',
      providerReference: issued.providerReference,
      attention: 'A second payment object (LINK-2) existed for this order; it was withdrawn.',
    });
  });

  it('a second object paid settles an open order by it, and the first is withdrawn', async () => {
    const { order } = await service.placement.place(input());
    const issued = await service.issuing.issue(order);
    gateway.stateOf.set('LINK-2', {
      kind: 'paid',
      paidMinor: 49_900,
      currency: 'USD',
      paymentIds: ['PAY-2'],
    });
    const after = await service.syncReported(issued, 'LINK-2', 'webhook of a second link');
    expect(await withItsAttention(database.handle.db, after)).toMatchObject({
      status: 'paid',
      providerReference: 'LINK-2',
      paymentReferences: ['PAY-2'],
      attention: `A second payment object (${issued.providerReference}) existed for this order; it was withdrawn.`,
    });
    expect(gateway.cancelledReferences).toEqual([issued.providerReference]);
  });

  it('a correct payment after a wrong one settles and enrols once, and the wrong one stays flagged', async () => {
    const { order } = await service.placement.place(input());
    await service.issuing.issue(order);
    const note = 'PayPal reports 100.00 USD paid; the order is 499.00 USD.';
    gateway.state = { kind: 'mismatch', note };
    await service.settlement.sync(
      (await findOrderWithAttention(database.handle.db, order.id))!,
      'webhook',
    );
    gateway.state = { kind: 'paid', paidMinor: 49_900, currency: 'USD', paymentIds: ['PAY-1'] };
    await service.settlement.sync(
      (await findOrderWithAttention(database.handle.db, order.id))!,
      'webhook',
    );
    await service.settlement.sync(
      (await findOrderWithAttention(database.handle.db, order.id))!,
      'webhook again',
    );
    expect((await findOrderWithAttention(database.handle.db, order.id))!).toMatchObject({
      status: 'paid',
      attention: note,
    });
    const handoffs = await database.handle.db
      .select()
      .from(portalHandoffs)
      .where(eq(portalHandoffs.orderId, order.id));
    expect(handoffs.map((handoff) => handoff.kind)).toEqual(['enrollment.created']);
  });

  it('a partial or foreign-currency payment is not paid and is flagged', async () => {
    const { order } = await service.placement.place(input());
    await service.issuing.issue(order);
    gateway.state = {
      kind: 'mismatch',
      note: 'PayPal reports 100.00 USD paid; the order is 499.00 USD.',
    };
    await service.settlement.sync(
      (await findOrderWithAttention(database.handle.db, order.id))!,
      'webhook',
    );
    expect((await findOrderWithAttention(database.handle.db, order.id))!).toMatchObject({
      status: 'awaiting_payment',
      attention: 'PayPal reports 100.00 USD paid; the order is 499.00 USD.',
    });
  });

  it('a refund revokes the enrolment and frees the seat', async () => {
    const { order } = await service.placement.place(input());
    await service.issuing.issue(order);
    gateway.state = { kind: 'paid', paidMinor: 49_900, currency: 'USD', paymentIds: ['PAY-1'] };
    await service.settlement.sync(
      (await findOrderWithAttention(database.handle.db, order.id))!,
      'paid',
    );
    const seats = await seatsTaken('B-JAN');
    gateway.state = { kind: 'refunded', partial: false };
    await service.settlement.sync(
      (await findOrderWithAttention(database.handle.db, order.id))!,
      'refund',
    );
    expect((await findOrderWithAttention(database.handle.db, order.id))!.status).toBe('refunded');
    expect(await seatsTaken('B-JAN')).toBe(seats - 1);
    const kinds = (
      await database.handle.db
        .select()
        .from(portalHandoffs)
        .where(eq(portalHandoffs.orderId, order.id))
    ).map((handoff) => handoff.kind);
    expect(kinds.sort()).toEqual(['enrollment.created', 'enrollment.revoked']);
  });

  it('a provider cancellation closes the order and gives back its holds', async () => {
    const { order } = await service.placement.place(input({ discountCode: 'SAVE10' }));
    await service.issuing.issue(order);
    const uses = await usesOf('SAVE10');
    gateway.state = { kind: 'cancelled' };
    await service.settlement.sync(
      (await findOrderWithAttention(database.handle.db, order.id))!,
      'webhook cancelled',
    );
    expect((await findOrderWithAttention(database.handle.db, order.id))!.status).toBe('cancelled');
    expect(await usesOf('SAVE10')).toBe(uses - 1);
  });
});
