/**
 * Company orders through real HTTP, on PGlite and PostgreSQL: each named
 * attendee of a paid order is handed to the courses portal on their own;
 * an open seat is taken through its invite link; the buyer swaps who holds
 * a seat (the old holder taken back, the new one enrolled); the seller
 * refunds one seat alone (a partial refund of its share at PayPal, its
 * place in the batch free, its holder taken back). Repeats act once;
 * refusals (a used invite, the cut-off passed, another buyer's order)
 * change nothing.
 */
import {
  apiRoutes,
  buyerOrderRoutes,
  groupOrderRoutes,
  seatShareMinor,
  sellerOrderPathOf,
  sellerOrderRoutes,
  type Attendee,
  type BuyerOrdersResponse,
  type SellerActionResponse,
} from '@wifi7/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batches, groupSales, mailOutbox, portalHandoffs } from '../src/db/schema';
import { findOrder } from '../src/orders/repository';
import { signedInBuyer, signInWithEmailLink, uniqueEmail } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody } from './support/request-bodies';
import { control, until, useStack } from './support/stack';
import { stateSnapshot } from './support/state';

const person = (first: string): Attendee => ({
  firstName: first,
  lastName: 'Attendee',
  email: uniqueEmail(first.toLowerCase()),
});

describe.each(databaseKinds)('company orders’ seats on %s', (kind) => {
  const env = useStack(kind);
  const db = () => env.database.handle.db;
  let seller: string;

  beforeEach(async () => {
    seller ??= (await signInWithEmailLink('seller@example.com')).idToken;
    for (const emulator of ['paypal', 'portal']) {
      await fetch(`${env.stack.emulatorsUrl}/${emulator}/_control/faults`, { method: 'DELETE' });
    }
  });
  afterEach(async () => {
    await db().delete(groupSales);
  });

  const call = async <T = { message: string }>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    token: string | undefined,
    body?: unknown,
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
    return { status: response.status, json: (text ? JSON.parse(text) : undefined) as T };
  };
  const seatPath = (orderId: string, seatId: string) =>
    groupOrderRoutes.seat.replace(':orderId', orderId).replace(':seatId', seatId);
  const nameSeat = (
    token: string,
    orderId: string,
    seatId: string,
    attendee: Attendee | null,
    key = `key-${crypto.randomUUID()}`,
  ) => call('PUT', seatPath(orderId, seatId), token, { attendee, idempotencyKey: key });
  const mine = async (token: string, orderId: string) =>
    (await call<BuyerOrdersResponse>('GET', buyerOrderRoutes.orders, token)).json.orders.find(
      (order) => order.orderId === orderId,
    )!;
  const portalOf = (orderId: string) =>
    env.stack.emulators.portal.state.list().filter((each) => each.order.id === orderId);
  const portalSays = (orderId: string, type: string) =>
    portalOf(orderId)
      .filter((each) => each.type === type)
      .map((each) => each.student.email)
      .sort();
  const seatsTaken = async (batchId: string) =>
    (await db().select().from(batches).where(eq(batches.id, batchId)))[0]!.seatsTaken;
  const inviteCodeOf = (url: string) => new URL(url).searchParams.get('code')!;

  /** A buyer checks out 3 seats by PayPal invoice (two named, one open) and pays. */
  async function paidCompanyOrder() {
    const buyer = await signedInBuyer('company');
    const attendees = [person('Ada'), person('Alan'), null];
    const placed = await call<{ orderId: string }>(
      'POST',
      apiRoutes.paypalInvoice,
      buyer.idToken,
      paypalInvoiceBody(buyer.email, { group: { seats: 3, attendees } }),
    );
    expect(placed.status).toBe(200);
    const { orderId } = placed.json;
    const order = (await findOrder(db(), orderId))!;
    expect(order).toMatchObject({ groupOrder: true, seatCount: 3 });
    await control(env.stack, `/paypal/_control/invoices/${order.providerReference}/pay`, {});
    await until(async () => (await findOrder(db(), orderId))?.status === 'paid', 'the payment');
    await until(
      async () => portalSays(orderId, 'enrollment.created').length === 2,
      'both named attendees at the portal',
    );
    return { buyer, orderId, attendees: attendees as [Attendee, Attendee, null] };
  }

  it('hands each named attendee off on their own, and an invite’s taker too', async () => {
    const { buyer, orderId, attendees } = await paidCompanyOrder();
    const [ada, alan] = attendees;
    expect(portalSays(orderId, 'enrollment.created')).toEqual([ada.email, alan.email].sort());
    expect(portalOf(orderId).find((each) => each.student.email === ada.email)).toMatchObject({
      student: { firstName: 'Ada', lastName: 'Attendee' },
    });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
    expect(
      mails
        .map((mail) => mail.to)
        .flat()
        .sort(),
    ).toEqual([ada.email, alan.email, buyer.email].sort());

    const shown = await mine(buyer.idToken, orderId);
    expect(shown.groupOrder).toBe(true);
    expect(shown.names?.until).toBeTruthy();
    expect(shown.seats.map((seat) => seat.enrolled)).toEqual([true, true, false]);
    const open = shown.seats[2]!;
    expect(open.attendee).toBeNull();
    expect(open.inviteUrl).toContain('/seat-invite?code=');
    const code = inviteCodeOf(open.inviteUrl!);

    const taker = await signedInBuyer('invited');
    const invitePath = groupOrderRoutes.invite.replace(':code', code);
    expect(await call('GET', invitePath, taker.idToken)).toMatchObject({
      status: 200,
      json: { state: 'open', workshopName: expect.any(String) },
    });
    const claimPath = groupOrderRoutes.claimInvite.replace(':code', code);
    const claimed = await call('POST', claimPath, taker.idToken, {
      firstName: 'Grace',
      lastName: 'Taker',
    });
    expect(claimed.status).toBe(200);
    expect(claimed.json.message).toMatch(/is yours/);
    await until(
      async () => portalSays(orderId, 'enrollment.created').includes(taker.email),
      'the invite’s taker at the portal',
    );
    expect(portalSays(orderId, 'enrollment.created')).toHaveLength(3);
    const enrolments = await call<{ enrolments: { batchId: string }[] }>(
      'GET',
      apiRoutes.myEnrolments,
      taker.idToken,
    );
    expect(enrolments.json.enrolments.map((each) => each.batchId)).toEqual(['B-JAN']);

    // The used code is refused, and nothing changes.
    const other = await signedInBuyer('late');
    const before = await stateSnapshot(db(), env.stack.emulators);
    const again = await call('POST', claimPath, other.idToken, {
      firstName: 'Late',
      lastName: 'Comer',
    });
    expect(again.status).toBe(404);
    expect(again.json.message).toMatch(/No such invite/);
    expect(await stateSnapshot(db(), env.stack.emulators)).toEqual(before);
  });

  it('swaps who holds a seat: the old holder taken back, the new one enrolled, once per key', async () => {
    const { buyer, orderId, attendees } = await paidCompanyOrder();
    const [ada] = attendees;
    const seatId = (await mine(buyer.idToken, orderId)).seats[0]!.id;
    const cleo = person('Cleo');
    const key = `key-${crypto.randomUUID()}`;
    const swapped = await nameSeat(buyer.idToken, orderId, seatId, cleo, key);
    expect(swapped.status).toBe(200);
    expect(swapped.json.message).toContain('Cleo Attendee holds seat 1');
    const repeated = await nameSeat(buyer.idToken, orderId, seatId, cleo, key);
    expect(repeated).toEqual(swapped);
    await until(
      async () =>
        portalSays(orderId, 'enrollment.revoked').includes(ada.email) &&
        portalSays(orderId, 'enrollment.created').includes(cleo.email),
      'the swap at the portal',
    );
    expect(portalSays(orderId, 'enrollment.revoked')).toEqual([ada.email]);
    expect(portalSays(orderId, 'enrollment.created')).toHaveLength(3);
    expect((await mine(buyer.idToken, orderId)).seats[0]).toMatchObject({
      attendee: cleo,
      enrolled: true,
    });

    // Someone already holding a seat of this order is refused with words.
    const twice = await nameSeat(buyer.idToken, orderId, seatId, attendees[1]);
    expect(twice.status).toBe(409);
    expect(twice.json.message).toMatch(/already holds seat 2/);

    // Another buyer's order is no order at all.
    const stranger = await signedInBuyer('stranger');
    const before = await stateSnapshot(db(), env.stack.emulators);
    const foreign = await nameSeat(stranger.idToken, orderId, seatId, person('Eve'));
    expect(foreign).toMatchObject({ status: 404, json: { message: 'No such order.' } });

    // Past the seller's cut-off nothing changes.
    await db()
      .insert(groupSales)
      .values({
        id: 1,
        settings: { maxSeatsPerOrder: 10, volumeTiers: [], namesUntilDaysBefore: 365 },
        updatedBy: 'seller@example.com',
      });
    const settingsSnapshot = await stateSnapshot(db(), env.stack.emulators);
    const late = await nameSeat(buyer.idToken, orderId, seatId, person('Finn'));
    expect(late.status).toBe(409);
    expect(late.json.message).toMatch(/could be changed until/);
    expect(await stateSnapshot(db(), env.stack.emulators)).toEqual(settingsSnapshot);
    expect((await mine(buyer.idToken, orderId)).names).toBeNull();
    await db().delete(groupSales);
    expect(await stateSnapshot(db(), env.stack.emulators)).toEqual(before);
  });

  it('refunds one seat alone: its share at PayPal, its place free, its holder taken back, once', async () => {
    const { orderId, attendees } = await paidCompanyOrder();
    const order = (await findOrder(db(), orderId))!;
    const detail = await call<SellerActionResponse['detail']>(
      'GET',
      `/api/seller/orders/${orderId}`,
      seller,
    );
    const seat = detail.json.seats[1]!;
    const share = seatShareMinor(order.totalMinor, 3, 2);
    expect(seat).toMatchObject({
      shareMinor: share,
      handoff: expect.stringMatching(/waiting|delivered/),
      actions: { refund: { allowed: true, maxMinor: share }, cancel: { allowed: true } },
    });
    const refundsAt = () =>
      env.stack.emulators.paypal.requests.list().filter((each) => each.path.includes('/refund'));
    const refundsBefore = refundsAt().length;
    const seatsBefore = await seatsTaken('B-JAN');
    const path = groupOrderRoutes.sellerSeat
      .replace(':orderId', orderId)
      .replace(':seatId', seat.id)
      .replace(':action', 'refund');
    const body = { idempotencyKey: `key-${crypto.randomUUID()}` };
    const refunded = await call<SellerActionResponse>('POST', path, seller, body);
    expect(refunded.status).toBe(200);
    expect(refunded.json.message).toMatch(/^Refunded .+ for seat 2/);
    expect(refunded.json.detail.seats[1]).toMatchObject({ state: 'refunded' });
    expect(refundsAt()).toHaveLength(refundsBefore + 1);
    expect(refundsAt().at(-1)!.body).toMatchObject({
      amount: { value: (share / 100).toFixed(2) },
    });
    expect(await seatsTaken('B-JAN')).toBe(seatsBefore - 1);
    await until(
      async () => portalSays(orderId, 'enrollment.revoked').includes(attendees[1].email),
      'the seat’s holder taken back at the portal',
    );

    const again = await call<SellerActionResponse>('POST', path, seller, body);
    expect(again.status).toBe(200);
    expect(again.json.message).toBe(refunded.json.message);
    expect(refundsAt()).toHaveLength(refundsBefore + 1);
    expect(await seatsTaken('B-JAN')).toBe(seatsBefore - 1);
    expect(portalSays(orderId, 'enrollment.revoked')).toEqual([attendees[1].email]);
    expect((await findOrder(db(), orderId))!.status).toBe('paid');
  });

  it('cancels one seat without money, moves the rest person by person, and a whole refund takes everyone back', async () => {
    const { orderId, attendees } = await paidCompanyOrder();
    const [ada, alan] = attendees;
    const seatsOf = async () =>
      (await call<SellerActionResponse['detail']>('GET', `/api/seller/orders/${orderId}`, seller))
        .json.seats;
    const first = (await seatsOf())[0]!;
    const refundsBefore = env.stack.emulators.paypal.requests
      .list()
      .filter((each) => each.path.includes('/refund')).length;
    const [janBefore, aprBefore] = [await seatsTaken('B-JAN'), await seatsTaken('B-APR')];
    const cancelled = await call<SellerActionResponse>(
      'POST',
      groupOrderRoutes.sellerSeat
        .replace(':orderId', orderId)
        .replace(':seatId', first.id)
        .replace(':action', 'cancel'),
      seller,
      { idempotencyKey: `key-${crypto.randomUUID()}` },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.message).toMatch(/^Seat 1 is cancelled without a refund/);
    expect(await seatsTaken('B-JAN')).toBe(janBefore - 1);
    await until(
      async () => portalSays(orderId, 'enrollment.revoked').includes(ada.email),
      'the cancelled seat’s holder taken back',
    );

    // The two seats left move; only Alan was handed off, so only Alan is told.
    const moved = await call<SellerActionResponse>(
      'POST',
      sellerOrderPathOf(sellerOrderRoutes.moveBatch, orderId),
      seller,
      { idempotencyKey: `key-${crypto.randomUUID()}`, batchId: 'B-APR' },
    );
    expect(moved.status).toBe(200);
    expect([await seatsTaken('B-JAN'), await seatsTaken('B-APR')]).toEqual([
      janBefore - 3,
      aprBefore + 2,
    ]);
    await until(
      async () => portalSays(orderId, 'enrollment.moved').length === 1,
      'the move at the portal',
    );
    expect(portalSays(orderId, 'enrollment.moved')).toEqual([alan.email]);

    const order = (await findOrder(db(), orderId))!;
    const whole = await call<SellerActionResponse>(
      'POST',
      sellerOrderPathOf(sellerOrderRoutes.refund, orderId),
      seller,
      {
        idempotencyKey: `key-${crypto.randomUUID()}`,
        amountMinor: order.totalMinor,
        reason: 'other',
      },
    );
    expect(whole.status).toBe(200);
    expect(await seatsTaken('B-APR')).toBe(aprBefore);
    await until(
      async () => portalSays(orderId, 'enrollment.revoked').length === 2,
      'everyone taken back',
    );
    expect(portalSays(orderId, 'enrollment.revoked')).toEqual([ada.email, alan.email].sort());
    expect(
      env.stack.emulators.paypal.requests.list().filter((each) => each.path.includes('/refund')),
    ).toHaveLength(refundsBefore + 1);
  });

  it('names a seat of an unpaid order as a row alone; everyone is handed off at payment', async () => {
    const buyer = await signedInBuyer('company-unpaid');
    const ada = person('Ada');
    const placed = await call<{ orderId: string }>(
      'POST',
      apiRoutes.paypalInvoice,
      buyer.idToken,
      paypalInvoiceBody(buyer.email, { group: { seats: 2, attendees: [ada, null] } }),
    );
    const { orderId } = placed.json;
    const open = (await mine(buyer.idToken, orderId)).seats[1]!;
    expect(open.inviteUrl).toContain('/seat-invite?code=');
    const bea = person('Bea');
    const named = await nameSeat(buyer.idToken, orderId, open.id, bea);
    expect(named.status).toBe(200);
    expect(named.json.message).toBe(
      'Bea Attendee holds seat 2; they are enrolled once the order is paid.',
    );
    expect(portalOf(orderId)).toEqual([]);
    expect((await mine(buyer.idToken, orderId)).seats[1]).toMatchObject({
      attendee: bea,
      inviteUrl: null,
      enrolled: false,
    });

    const order = (await findOrder(db(), orderId))!;
    await control(env.stack, `/paypal/_control/invoices/${order.providerReference}/pay`, {});
    await until(
      async () => portalSays(orderId, 'enrollment.created').length === 2,
      'both attendees at the portal',
    );
    expect(portalSays(orderId, 'enrollment.created')).toEqual([ada.email, bea.email].sort());
    // The message names the seat and who bought it (the portal's stand-in keeps only what it reads).
    const sent = await db()
      .select()
      .from(portalHandoffs)
      .where(eq(portalHandoffs.orderId, orderId));
    expect(sent.map((handoff) => handoff.dedupeKey).sort()).toEqual(['seat-1-1', 'seat-2-1']);
    expect(sent.find((handoff) => handoff.dedupeKey === 'seat-2-1')!.payload).toMatchObject({
      student: { email: bea.email, firstName: 'Bea' },
      seat: { number: 2, of: 2 },
      purchaser: buyer.email,
    });
  });
});
