/**
 * The waitlist of a full batch, on PGlite and on PostgreSQL, through the
 * app's routes (real ID tokens) with the PayPal emulator behind checkout:
 * one place per address, a freed seat held for the first in line with an
 * e-mailed offer, the offeree's checkout using that seat, offers passing on,
 * and the back office's view.
 */
import { randomBytes } from 'node:crypto';
import {
  apiRoutes,
  sellerCatalogRoutes,
  sellerOrderPathOf,
  sellerOrderRoutes,
  sellerWaitlistPath,
  sellerWaitlistRoutes,
  type SellerWaitlistBatches,
  type SellerWaitlistPage,
  waitlistRoutes,
  WAITLIST_OFFER_PAGE,
  type WaitlistClaimResponse,
  type WaitlistJoinResponse,
} from '@wifi7/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, mailOutbox, orders, auditLog, waitlistPlaces } from '../src/db/schema';
import { WaitlistJobs } from '../src/inventory/waitlist/jobs';
import { WaitlistPlaces } from '../src/http/waitlist/places';
import { signedInBuyer, signInWithEmailLink, type TestBuyer } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody } from './support/request-bodies';
import { reconcileNow, useStack } from './support/stack';

describe.each(databaseKinds)('the waitlist on %s', (kind) => {
  const env = useStack(kind);
  const db = () => env.database.handle.db;

  /** A batch of its own for each test: `capacity` seats, `taken` of them taken. */
  const newBatch = async (capacity: number, taken = capacity) => {
    const id = `W-${randomBytes(4).toString('hex')}`;
    const [model] = await db().select().from(batches).where(eq(batches.id, 'B-JAN'));
    await db().insert(batches).values({
      id,
      workshopSku: 'WIFI7-LIVE',
      description: 'Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
      startsOn: '2027-01-12',
      seatCapacity: capacity,
      seatsTaken: taken,
      sessionStarts: model!.sessionStarts,
    });
    return id;
  };
  const batchRow = async (id: string) =>
    (await db().select().from(batches).where(eq(batches.id, id)))[0]!;
  const placesOf = (batchId: string) =>
    db()
      .select()
      .from(waitlistPlaces)
      .where(eq(waitlistPlaces.batchId, batchId))
      .orderBy(waitlistPlaces.id);
  const offerMailsTo = async (email: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'waitlist-offer')))
      .filter((mail) => mail.to.includes(email))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const tokenIn = (text: string) => /[?&]token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

  const call = async (
    who: TestBuyer | undefined,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ) =>
    env.stack.app.inject({
      method,
      url,
      headers: who ? { authorization: `Bearer ${who.idToken}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const join = async (who: TestBuyer, batchId: string) => {
    const response = await call(who, 'POST', waitlistRoutes.join, { batchId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WaitlistJoinResponse>();
  };
  const claim = async (who: TestBuyer, token: string) => {
    const response = await call(who, 'POST', waitlistRoutes.claim, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WaitlistClaimResponse>();
  };
  const checkout = (who: TestBuyer, batchId: string) =>
    call(
      who,
      'POST',
      apiRoutes.paypalInvoice,
      paypalInvoiceBody(who.email, {
        courseInfo: [
          { productSku: 'WIFI7-LIVE', productName: 'Wi-Fi 7 Live Online Workshop', batchId },
        ],
      }),
    );
  /** A buyer's order for the batch, issued at the PayPal emulator. */
  const orderFor = async (batchId: string) => {
    const buyer = await signedInBuyer('holder');
    const response = await checkout(buyer, batchId);
    expect(response.statusCode, response.body).toBe(200);
    return { buyer, orderId: response.json<{ orderId: string }>().orderId };
  };
  /** A paid order of the address for the batch (as if paid earlier). */
  const paidOrder = (email: string, batchId: string) =>
    db()
      .insert(orders)
      .values({
        id: `PAID${randomBytes(6).toString('hex').toUpperCase()}`,
        email,
        firebaseUid: 'uid',
        rail: 'paypal_invoice',
        status: 'paid',
        workshopSku: 'WIFI7-LIVE',
        workshopName: 'Wi-Fi 7 Live Online Workshop',
        batchId,
        batchDescription: 'x',
        currency: 'USD',
        subtotalMinor: 100,
        discountMinor: 0,
        totalMinor: 100,
        billing: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          country: 'United States',
          isoCode: 'US',
          state: '',
          city: '',
          zipcode: '10001',
        },
        holdExpiresAt: new Date(),
      });
  const seller = async (): Promise<TestBuyer> => ({
    email: 'seller@example.com',
    ...(await signInWithEmailLink('seller@example.com')),
  });
  const key = () => randomBytes(9).toString('base64url');

  describe('joining', () => {
    it('records a place in a full batch, in line order', async () => {
      const batchId = await newBatch(2);
      const first = await signedInBuyer('wait');
      const second = await signedInBuyer('wait');
      expect(await join(first, batchId)).toEqual({
        outcome: 'joined',
        place: { batchId, state: 'waiting', position: 1, offerExpiresAt: null },
      });
      expect((await join(second, batchId)).place).toMatchObject({ position: 2 });
      const places = await placesOf(batchId);
      expect(places.map((place) => [place.email, place.state])).toEqual([
        [first.email, 'waiting'],
        [second.email, 'waiting'],
      ]);
      const mine = await call(second, 'GET', waitlistRoutes.mine);
      expect(mine.json()).toEqual({
        places: [{ batchId, state: 'waiting', position: 2, offerExpiresAt: null }],
      });
    });

    it('records nothing when a seat is free: buy it instead', async () => {
      const batchId = await newBatch(3, 2);
      const buyer = await signedInBuyer('wait');
      expect(await join(buyer, batchId)).toEqual({ outcome: 'seat_free', place: null });
      expect(await placesOf(batchId)).toEqual([]);
    });

    it('keeps one place per address, even for 50 joins at once', async () => {
      const batchId = await newBatch(1);
      const buyer = await signedInBuyer('wait');
      expect((await join(buyer, batchId)).outcome).toBe('joined');
      expect(await join(buyer, batchId)).toMatchObject({
        outcome: 'already',
        place: { position: 1 },
      });

      const other = await newBatch(1);
      // Past the route's rate limit: straight to the service, as 50 instances would.
      const places = new WaitlistPlaces(db());
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => places.join({ uid: 'uid', email: buyer.email }, other)),
      );
      const outcomes = answers.map((answer) => answer.outcome);
      expect(outcomes.filter((outcome) => outcome === 'joined')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'already')).toHaveLength(49);
      expect(await placesOf(other)).toHaveLength(1);
    });

    it('refuses unknown and closed batches, and buyers who paid, with clear messages', async () => {
      const buyer = await signedInBuyer('wait');
      const unknown = await call(buyer, 'POST', waitlistRoutes.join, { batchId: 'NO-SUCH' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: 'There is no such batch.' });
      const closed = await call(buyer, 'POST', waitlistRoutes.join, { batchId: 'B-CLOSED' });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toMatch(/closed/);

      const batchId = await newBatch(1);
      const paid = await signedInBuyer('paid');
      await paidOrder(paid.email, batchId);
      const refused = await call(paid, 'POST', waitlistRoutes.join, { batchId });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/already purchased/);
      expect(await placesOf(batchId)).toEqual([]);
    });

    it('refuses a bad body with 400 and no token with 401, recording nothing', async () => {
      const batchId = await newBatch(1);
      const buyer = await signedInBuyer('wait');
      expect(
        (await call(buyer, 'POST', waitlistRoutes.join, { batchId, email: 'x@y.z' })).statusCode,
      ).toBe(400);
      expect((await call(buyer, 'POST', waitlistRoutes.join, {})).statusCode).toBe(400);
      expect((await call(undefined, 'POST', waitlistRoutes.join, { batchId })).statusCode).toBe(
        401,
      );
      expect(await placesOf(batchId)).toEqual([]);
    });
  });

  describe('a freed seat', () => {
    it('goes to the first in line when the seller cancels an order, with one offer e-mail', async () => {
      const batchId = await newBatch(1, 0);
      const { orderId } = await orderFor(batchId);
      expect((await batchRow(batchId)).seatsTaken).toBe(1);
      const first = await signedInBuyer('first');
      const second = await signedInBuyer('second');
      await join(first, batchId);
      await join(second, batchId);

      const cancelled = await call(
        await seller(),
        'POST',
        sellerOrderPathOf(sellerOrderRoutes.cancel, orderId),
        { idempotencyKey: key() },
      );
      expect(cancelled.statusCode, cancelled.body).toBe(200);

      // The seat stays taken: it is held for the first in line.
      expect((await batchRow(batchId)).seatsTaken).toBe(1);
      const [offered, waiting] = await placesOf(batchId);
      expect(offered).toMatchObject({ email: first.email, state: 'offered', offers: 1 });
      expect(offered!.offerExpiresAt!.getTime() - offered!.offeredAt!.getTime()).toBe(
        24 * 3600_000,
      );
      expect(waiting).toMatchObject({ email: second.email, state: 'waiting' });
      const mails = await offerMailsTo(first.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(
        /^A seat is free in the Wi-Fi 7 Live Online Workshop: it is held for you until /,
      );
      expect(mails[0]!.text).toContain(`http://localhost:3100${WAITLIST_OFFER_PAGE}?token=`);
      expect(mails[0]!.text).toMatch(/\(\w{3}, \w{3} \d+, \d\d:\d\d UTC\)/);
      expect(await offerMailsTo(second.email)).toHaveLength(0);
      // The token itself is only in the e-mail.
      expect(offered!.offerTokenHash).not.toContain(tokenIn(mails[0]!.text));

      const mine = await call(first, 'GET', waitlistRoutes.mine);
      expect(mine.json().places[0]).toMatchObject({ state: 'offered', position: null });
      expect((await call(second, 'GET', waitlistRoutes.mine)).json().places[0]).toMatchObject({
        position: 1,
      });
    });

    it('goes to the first in line when an unpaid order expires (the reconciler)', async () => {
      const batchId = await newBatch(1, 0);
      const { orderId } = await orderFor(batchId);
      const first = await signedInBuyer('first');
      await join(first, batchId);
      await db()
        .update(orders)
        .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
        .where(eq(orders.id, orderId));
      await reconcileNow(env, eq(orders.id, orderId));
      expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe(
        'expired',
      );
      expect((await placesOf(batchId))[0]).toMatchObject({ state: 'offered' });
      expect((await batchRow(batchId)).seatsTaken).toBe(1);
      expect(await offerMailsTo(first.email)).toHaveLength(1);
    });

    it('goes to the first in line when the seller moves an order to another batch', async () => {
      const batchId = await newBatch(1, 0);
      const { orderId } = await orderFor(batchId);
      const first = await signedInBuyer('first');
      await join(first, batchId);
      const moved = await call(
        await seller(),
        'POST',
        sellerOrderPathOf(sellerOrderRoutes.moveBatch, orderId),
        { idempotencyKey: key(), batchId: 'B-APR' },
      );
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await placesOf(batchId))[0]).toMatchObject({ state: 'offered' });
      expect((await batchRow(batchId)).seatsTaken).toBe(1);
      expect(await offerMailsTo(first.email)).toHaveLength(1);
    });

    it('goes to those waiting when the seller adds seats', async () => {
      const batchId = await newBatch(1);
      const first = await signedInBuyer('first');
      const second = await signedInBuyer('second');
      const third = await signedInBuyer('third');
      for (const buyer of [first, second, third]) await join(buyer, batchId);
      const sellerBuyer = await seller();
      const batchList = await call(sellerBuyer, 'GET', sellerCatalogRoutes.batches);
      const batch = batchList
        .json<{
          batches: {
            id: string;
            sessionStarts: string[];
            sessionMinutes: number;
            status: string;
            region: string;
          }[];
        }>()
        .batches.find((each) => each.id === batchId)!;
      const updated = await env.stack.app.inject({
        method: 'PUT',
        url: sellerCatalogRoutes.batch.replace(':batchId', batchId),
        headers: { authorization: `Bearer ${sellerBuyer.idToken}` },
        payload: {
          region: batch.region,
          sessionStarts: batch.sessionStarts,
          sessionMinutes: batch.sessionMinutes,
          seatCapacity: 3,
          status: 'open',
        },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect((await placesOf(batchId)).map((place) => place.state)).toEqual([
        'offered',
        'offered',
        'waiting',
      ]);
      expect((await batchRow(batchId)).seatsTaken).toBe(3);
      expect(await offerMailsTo(first.email)).toHaveLength(1);
      expect(await offerMailsTo(second.email)).toHaveLength(1);
      expect(await offerMailsTo(third.email)).toHaveLength(0);
    });
  });

  /** A batch whose one seat is held for `first` (offered), with `second` waiting behind. */
  const offeredBatch = async () => {
    const batchId = await newBatch(1);
    const first = await signedInBuyer('first');
    const second = await signedInBuyer('second');
    await join(first, batchId);
    await join(second, batchId);
    await db().update(batches).set({ seatsTaken: 0 }).where(eq(batches.id, batchId));
    await env.stack.app.services.waitlist.runDue();
    const [mail] = await offerMailsTo(first.email);
    return { batchId, first, second, token: tokenIn(mail!.text) };
  };
  const expireOffer = (batchId: string) =>
    db()
      .update(waitlistPlaces)
      .set({ offerExpiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(waitlistPlaces.batchId, batchId), eq(waitlistPlaces.state, 'offered')));

  describe('an offer', () => {
    it('lets its buyer check out with the held seat, taking no second seat', async () => {
      const { batchId, first, token } = await offeredBatch();
      expect(await claim(first, token)).toMatchObject({
        outcome: 'ready',
        productSku: 'WIFI7-LIVE',
        productName: 'Wi-Fi 7 Live Online Workshop',
        batchId,
      });
      // Anyone else finds the batch full.
      const other = await signedInBuyer('other');
      const refused = await checkout(other, batchId);
      expect(refused.statusCode).toBe(422);

      const placed = await checkout(first, batchId);
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId = placed.json<{ orderId: string }>().orderId;
      expect((await batchRow(batchId)).seatsTaken).toBe(1);
      expect((await placesOf(batchId))[0]).toMatchObject({ state: 'converted', orderId });
      expect(await claim(first, token)).toMatchObject({ outcome: 'used', batchId });
      // A repeated checkout reuses the order, as before.
      const again = await checkout(first, batchId);
      expect(again.json<{ orderId: string }>().orderId).toBe(orderId);
      expect((await batchRow(batchId)).seatsTaken).toBe(1);
    });

    it('answers not_yours, unknown and expired without telling more', async () => {
      const { batchId, first, second, token } = await offeredBatch();
      expect(await claim(second, token)).toEqual({
        outcome: 'not_yours',
        productSku: null,
        productName: null,
        batchId: null,
        offerExpiresAt: null,
      });
      expect((await claim(first, randomBytes(32).toString('base64url'))).outcome).toBe('unknown');
      const bad = await call(first, 'POST', waitlistRoutes.claim, { token: 'short' });
      expect(bad.statusCode).toBe(400);
      await expireOffer(batchId);
      expect((await claim(first, token)).outcome).toBe('expired');
      // Nor can a run-out offer be used at checkout: the seat goes on.
      expect((await checkout(first, batchId)).statusCode).toBe(422);
    });

    it('passes to the next in line when it runs out, with a second e-mail', async () => {
      const { batchId, first, second } = await offeredBatch();
      await expireOffer(batchId);
      await env.stack.app.services.waitlist.runDue();
      const places = await placesOf(batchId);
      expect(places.map((place) => [place.email, place.state])).toEqual([
        [first.email, 'expired'],
        [second.email, 'offered'],
      ]);
      expect(await offerMailsTo(second.email)).toHaveLength(1);
      expect((await batchRow(batchId)).seatsTaken).toBe(1);

      // Nobody left waiting: the seat is released.
      await expireOffer(batchId);
      await env.stack.app.services.waitlist.runDue();
      expect((await placesOf(batchId)).map((place) => place.state)).toEqual(['expired', 'expired']);
      expect((await batchRow(batchId)).seatsTaken).toBe(0);
    });

    it('passes on when its buyer leaves the line', async () => {
      const { batchId, first, second } = await offeredBatch();
      const left = await call(first, 'POST', waitlistRoutes.leave, { batchId });
      expect(left.json()).toMatchObject({ outcome: 'left', place: { state: 'left' } });
      expect((await placesOf(batchId))[1]).toMatchObject({ email: second.email, state: 'offered' });
      const again = await call(first, 'POST', waitlistRoutes.leave, { batchId });
      expect(again.json()).toEqual({ outcome: 'not_in_line', place: null });
    });

    it('passes over someone who has bought the workshop meanwhile', async () => {
      const batchId = await newBatch(1);
      const first = await signedInBuyer('first');
      const second = await signedInBuyer('second');
      await join(first, batchId);
      await join(second, batchId);
      await paidOrder(first.email, await newBatch(5, 1));
      await db().update(batches).set({ seatsTaken: 0 }).where(eq(batches.id, batchId));
      await env.stack.app.services.waitlist.runDue();
      expect((await placesOf(batchId)).map((place) => place.state)).toEqual(['waiting', 'offered']);
      expect(await offerMailsTo(first.email)).toHaveLength(0);
    });

    it('hands one free seat to one person when two job passes run at once', async () => {
      const batchId = await newBatch(1);
      const waiting = [
        await signedInBuyer('w'),
        await signedInBuyer('w'),
        await signedInBuyer('w'),
      ];
      for (const buyer of waiting) await join(buyer, batchId);
      await db().update(batches).set({ seatsTaken: 0 }).where(eq(batches.id, batchId));
      const another = await env.database.openAnother();
      const log = env.stack.app.log;
      await Promise.all([
        new WaitlistJobs(db(), log).runDue(),
        new WaitlistJobs(another.db, log).runDue(),
      ]);
      expect((await placesOf(batchId)).map((place) => place.state)).toEqual([
        'offered',
        'waiting',
        'waiting',
      ]);
      expect((await batchRow(batchId)).seatsTaken).toBe(1);
      expect(await offerMailsTo(waiting[0]!.email)).toHaveLength(1);
    });
  });

  describe('the back office', () => {
    it('lists each batch with its counts and a batch in line order, for sellers only', async () => {
      const { batchId, first, second } = await offeredBatch();
      const third = await signedInBuyer('third');
      await join(third, batchId);
      const sellerBuyer = await seller();

      const list = await call(sellerBuyer, 'GET', sellerWaitlistRoutes.batches);
      expect(list.statusCode).toBe(200);
      expect(
        list.json<SellerWaitlistBatches>().batches.find((batch) => batch.batchId === batchId),
      ).toMatchObject({ seatCapacity: 1, seatsTaken: 1, waiting: 2, offered: 1 });

      const page = await call(
        sellerBuyer,
        'GET',
        `${sellerWaitlistPath(sellerWaitlistRoutes.batch, batchId)}?pageSize=2`,
      );
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json<SellerWaitlistPage>()).toMatchObject({
        total: 3,
        items: [
          { email: first.email, state: 'offered', position: null, offers: 1 },
          { email: second.email, state: 'waiting', position: 1, offers: 0 },
        ],
      });
      const unknown = await call(
        sellerBuyer,
        'GET',
        sellerWaitlistPath(sellerWaitlistRoutes.batch, 'NO-SUCH'),
      );
      expect(unknown.statusCode).toBe(404);

      for (const route of [
        sellerWaitlistRoutes.batches,
        sellerWaitlistPath(sellerWaitlistRoutes.batch, batchId),
      ])
        expect((await call(first, 'GET', route)).statusCode).toBe(403);
      const [place] = await placesOf(batchId);
      const buyerRemove = await call(
        first,
        'POST',
        sellerWaitlistPath(sellerWaitlistRoutes.remove, String(place!.id)),
        { idempotencyKey: key() },
      );
      expect(buyerRemove.statusCode).toBe(403);
      expect((await placesOf(batchId))[0]!.state).toBe('offered');
    });

    it('removes a place once per request, audited, and passes an offer on', async () => {
      const { batchId, first, second } = await offeredBatch();
      const sellerBuyer = await seller();
      const [offered] = await placesOf(batchId);
      const url = sellerWaitlistPath(sellerWaitlistRoutes.remove, String(offered!.id));
      const request = { idempotencyKey: key(), note: 'asked to be taken off' };
      const [removed, repeated] = await Promise.all([
        call(sellerBuyer, 'POST', url, request),
        call(sellerBuyer, 'POST', url, request),
      ]);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(repeated.statusCode, repeated.body).toBe(200);
      expect(removed.json().message).toBe(repeated.json().message);
      expect(removed.json().message).toContain(first.email);
      expect((await placesOf(batchId)).map((place) => [place.email, place.state])).toEqual([
        [first.email, 'removed'],
        [second.email, 'offered'],
      ]);
      expect(await offerMailsTo(second.email)).toHaveLength(1);
      expect((await batchRow(batchId)).seatsTaken).toBe(1);
      const audit = await db()
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.targetType, 'waitlist-place'),
            eq(auditLog.targetId, String(offered!.id)),
          ),
        );
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorEmail: 'seller@example.com',
        action: 'waitlist.remove',
        before: { state: 'offered', email: first.email },
        note: 'asked to be taken off',
      });

      // A new request for a place no longer in line is refused, and changes nothing.
      const again = await call(sellerBuyer, 'POST', url, { idempotencyKey: key() });
      expect(again.statusCode).toBe(409);
      const bad = await call(sellerBuyer, 'POST', url, { idempotencyKey: 'x' });
      expect(bad.statusCode).toBe(400);
      const missing = await call(
        sellerBuyer,
        'POST',
        sellerWaitlistPath(sellerWaitlistRoutes.remove, '999999'),
        { idempotencyKey: key() },
      );
      expect(missing.statusCode).toBe(404);
    });
  });
});
