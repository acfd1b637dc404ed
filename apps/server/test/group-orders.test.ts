/**
 * Company purchases through real HTTP, on PGlite and PostgreSQL, against
 * the provider emulators: one order of several seats priced by groupPrice
 * in integer minor units, one PayPal invoice (quantity × unit price, both
 * discounts as one amount) or one Zoho link for all of them, sent to
 * accounts payable when the company names it; seats taken all or none
 * however many buyers race for the last of them; a repeated checkout that
 * renames the seats or changes their number; and the seller's settings.
 */
import { randomBytes } from 'node:crypto';
import {
  apiRoutes,
  formatMinor,
  groupOrderRoutes,
  groupPrice,
  type Attendee,
  type GroupCheckoutInput,
  type GroupSales,
} from '@wifi7/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, batches, orders, orderSeats, portalHandoffs } from '../src/db/schema';
import {
  AttendeeHoldsSeatError,
  BatchUnavailableError,
  TooManySeatsError,
} from '../src/orders/errors';
import { OPEN_STATUSES } from '../src/orders/repository';
import { signedInBuyer, signInWithEmailLink, type TestBuyer } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody, zohoCheckoutBody, zohoContactBody } from './support/request-bodies';
import { stateSnapshot } from './support/state';
import { control, reconcileNow, until, useStack } from './support/stack';

const SELLER = 'seller@example.com';
const USD_SEAT = 49_900;
const INR_SEAT = 4_129_900;
const RACERS = 50;

describe.each(databaseKinds)('company purchases on %s', (kind) => {
  // Fifty buyers from one machine: the per-address limits would refuse most before they race.
  const env = useStack(kind, { env: { RATE_LIMITS_ENABLED: 'false' } });
  const db = () => env.database.handle.db;

  const call = async (who: TestBuyer | undefined, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${env.stack.appUrl}${path}`, {
      method,
      headers: {
        ...(who ? { authorization: `Bearer ${who.idToken}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as { message?: string } & Record<string, unknown>,
    };
  };

  let seller: TestBuyer | undefined;
  const asSeller = async () =>
    (seller ??= { email: SELLER, ...(await signInWithEmailLink(SELLER)) });
  const setGroupSales = async (settings: GroupSales) => {
    const answer = await call(await asSeller(), 'PUT', groupOrderRoutes.sellerSettings, settings);
    expect(answer.status).toBe(200);
  };
  const noVolumeDiscount: GroupSales = {
    maxSeatsPerOrder: 10,
    volumeTiers: [],
    namesUntilDaysBefore: 0,
  };

  const attendee = (first: string): Attendee => ({
    firstName: first,
    lastName: 'Engineer',
    email: `${first.toLowerCase()}.${randomBytes(4).toString('hex')}@example.com`,
  });
  const team = (seats: number) => Array.from({ length: seats }, (_, i) => attendee(`Eng${i}`));

  const companyInvoice = (
    who: TestBuyer,
    group: GroupCheckoutInput,
    overrides: Parameters<typeof paypalInvoiceBody>[1] = {},
  ) =>
    call(who, 'POST', apiRoutes.paypalInvoice, {
      ...paypalInvoiceBody(who.email, overrides),
      group,
    });
  const inBatch = (batchId: string) => ({
    courseInfo: [
      { productSku: 'WIFI7-LIVE', productName: 'Wi-Fi 7 Live Online Workshop', batchId },
    ],
  });

  const ordersOf = (email: string) =>
    db().select().from(orders).where(eq(orders.email, email)).orderBy(asc(orders.createdAt));
  const seatsOf = (orderId: string) =>
    db()
      .select()
      .from(orderSeats)
      .where(eq(orderSeats.orderId, orderId))
      .orderBy(asc(orderSeats.number));
  const invoiceNumbered = (invoiceNumber: string | null) =>
    env.stack.emulators.paypal.store
      .list()
      .filter((invoice) => invoice.detail.invoice_number === invoiceNumber);

  const newBatch = async (capacity: number) => {
    const id = `G-${randomBytes(4).toString('hex')}`;
    const [model] = await db().select().from(batches).where(eq(batches.id, 'B-JAN'));
    await db().insert(batches).values({
      id,
      workshopSku: 'WIFI7-LIVE',
      description: model!.description,
      startsOn: model!.startsOn,
      seatCapacity: capacity,
      sessionStarts: model!.sessionStarts,
    });
    return id;
  };
  const seatsTakenIn = async (batchId: string) =>
    (await db().select().from(batches).where(eq(batches.id, batchId)))[0]!.seatsTaken;

  // ── Totals ─────────────────────────────────────────────────────────────────

  it('prices 3 seats with a 10% tier and a 10% code as groupPrice does, and the invoice totals the same', async () => {
    await setGroupSales({ ...noVolumeDiscount, volumeTiers: [{ minSeats: 3, percent: 10 }] });
    const buyer = await signedInBuyer('company');
    const payables = `ap.${randomBytes(4).toString('hex')}@example.com`;
    const body = paypalInvoiceBody(buyer.email, { discountCode: 'SAVE10' });
    const answer = await call(buyer, 'POST', apiRoutes.paypalInvoice, {
      ...body,
      billingInformation: {
        ...body.billingInformation,
        company: 'Analytical Engines Ltd',
        taxId: 'GB123456789',
      },
      group: {
        seats: 3,
        attendees: [attendee('Ada'), attendee('Alan'), null],
        invoiceEmail: payables,
      },
    });
    expect(answer.status).toBe(200);
    // The page says where it went: not "your email".
    expect(answer.body).toMatchObject({ sentTo: payables });

    const price = groupPrice({ unitMinor: USD_SEAT, seats: 3, codePercent: 10, volumePercent: 10 });
    // 3 × 449.10 = 1347.30, less 10% (134.73): every figure a whole number of cents.
    expect(price).toMatchObject({
      subtotalMinor: 149_700,
      discountMinor: 28_443,
      totalMinor: 121_257,
    });
    const [order] = await ordersOf(buyer.email);
    expect(order).toMatchObject({
      groupOrder: true,
      seatCount: 3,
      unitPriceMinor: USD_SEAT,
      volumeDiscountPercent: 10,
      subtotalMinor: price.subtotalMinor,
      discountMinor: price.discountMinor,
      totalMinor: price.totalMinor,
      invoiceEmail: payables,
    });

    const [invoice, ...more] = invoiceNumbered(order!.invoiceNumber);
    expect(more).toEqual([]);
    expect(invoice!.amount.value).toBe(formatMinor(order!.totalMinor));
    expect(invoice!.items).toEqual([
      expect.objectContaining({
        quantity: '3',
        unit_amount: { currency_code: 'USD', value: '499.00' },
        discount: { amount: { currency_code: 'USD', value: '284.43' } },
        description: expect.stringMatching(/^3 seats in batch B-JAN: /) as unknown,
      }),
    ]);
    expect(invoice!.primary_recipients?.[0]?.billing_info).toMatchObject({
      email_address: payables,
      business_name: 'Analytical Engines Ltd',
      additional_info: 'Tax ID: GB123456789',
    });
    // PayPal e-mails the invoice to accounts payable, not to the buyer.
    const invoiceMails = (to: string) =>
      env.stack.emulators.inbox.list(to).filter((mail) => mail.kind === 'invoice');
    expect(invoiceMails(payables)).toHaveLength(1);
    expect(invoiceMails(buyer.email)).toHaveLength(0);
    expect((await seatsOf(order!.id)).map((seat) => seat.attendeeFirstName)).toEqual([
      'Ada',
      'Alan',
      null,
    ]);
  });

  it('prices one seat of a company purchase as the single seat', async () => {
    await setGroupSales({ ...noVolumeDiscount, volumeTiers: [{ minSeats: 2, percent: 10 }] });
    const buyer = await signedInBuyer('company');
    const answer = await companyInvoice(buyer, { seats: 1, attendees: [attendee('Grace')] });
    expect(answer.status).toBe(200);
    const [order] = await ordersOf(buyer.email);
    expect(order).toMatchObject({
      seatCount: 1,
      subtotalMinor: USD_SEAT,
      discountMinor: 0,
      totalMinor: USD_SEAT,
    });
    const [invoice] = invoiceNumbered(order!.invoiceNumber);
    expect(invoice!.amount.value).toBe('499.00');
    expect(invoice!.items[0]).toMatchObject({ quantity: '1', unit_amount: { value: '499.00' } });
  });

  it('refuses more seats than the seller sells in one order, with 422, changing nothing', async () => {
    await setGroupSales({ ...noVolumeDiscount, maxSeatsPerOrder: 4 });
    const buyer = await signedInBuyer('company');
    const before = await stateSnapshot(db(), env.stack.emulators);
    const answer = await companyInvoice(buyer, { seats: 5, attendees: team(5) });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(new TooManySeatsError(4).message);
    expect(await stateSnapshot(db(), env.stack.emulators)).toEqual(before);
  });

  it('refuses, with 409, to name an attendee who already holds a paid seat', async () => {
    await setGroupSales(noVolumeDiscount);
    const student = await signedInBuyer('student');
    expect(
      (await call(student, 'POST', apiRoutes.paypalInvoice, paypalInvoiceBody(student.email)))
        .status,
    ).toBe(200);
    const [paid] = await ordersOf(student.email);
    await control(env.stack, `/paypal/_control/invoices/${paid!.providerReference}/pay`, {});
    await until(
      async () => (await ordersOf(student.email))[0]?.status === 'paid',
      'the student’s order to be paid',
    );
    // The payment's own work (the hand-off to the portal) is done before the snapshot.
    await until(async () => {
      const handoffs = await db()
        .select({ deliveredAt: portalHandoffs.deliveredAt })
        .from(portalHandoffs)
        .where(eq(portalHandoffs.orderId, paid!.id));
      return handoffs.length > 0 && handoffs.every((handoff) => handoff.deliveredAt !== null);
    }, 'the student to be handed to the portal');

    const buyer = await signedInBuyer('company');
    const before = await stateSnapshot(db(), env.stack.emulators);
    const named = { firstName: 'Grace', lastName: 'Hopper', email: student.email };
    const answer = await companyInvoice(buyer, { seats: 2, attendees: [attendee('Ada'), named] });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(new AttendeeHoldsSeatError([student.email]).message);
    expect(await stateSnapshot(db(), env.stack.emulators)).toEqual(before);
  });

  // ── Seats all or none ─────────────────────────────────────────────────────

  it('refuses an order for 5 seats as a whole when 4 are free, then takes 4', async () => {
    await setGroupSales(noVolumeDiscount);
    const batchId = await newBatch(4);
    const buyer = await signedInBuyer('company');
    const before = await stateSnapshot(db(), env.stack.emulators);
    const five = await companyInvoice(buyer, { seats: 5, attendees: team(5) }, inBatch(batchId));
    expect(five).toMatchObject({
      status: 422,
      body: { message: new BatchUnavailableError().message },
    });
    expect(await stateSnapshot(db(), env.stack.emulators)).toEqual(before);

    const four = await companyInvoice(buyer, { seats: 4, attendees: team(4) }, inBatch(batchId));
    expect(four.status).toBe(200);
    expect(await seatsTakenIn(batchId)).toBe(4);
  });

  it(`never oversells: ${RACERS} buyers of 1 to 5 seats at once for 12 free seats`, async () => {
    await setGroupSales(noVolumeDiscount);
    const capacity = 12;
    const batchId = await newBatch(capacity);
    const buyers = await Promise.all(
      Array.from({ length: RACERS }, async (_, index) => {
        const email = `racer.${index}.${randomBytes(4).toString('hex')}@example.com`;
        return { email, ...(await signInWithEmailLink(email)) };
      }),
    );

    const answers = await Promise.all(
      buyers.map(async (buyer, index) => {
        const seats = 1 + (index % 5);
        const answer = await companyInvoice(
          buyer,
          { seats, attendees: team(seats) },
          inBatch(batchId),
        );
        return { ...answer, seats };
      }),
    );

    const accepted = answers.filter((answer) => answer.status === 200);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused).toMatchObject({
        status: 422,
        body: { message: new BatchUnavailableError().message },
      });
    }
    const held = await db()
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.batchId, batchId),
          inArray(orders.status, [...OPEN_STATUSES, 'paid']),
          eq(orders.holdsReserved, true),
        ),
      );
    const seatsHeld = held.reduce((sum, order) => sum + order.seatCount, 0);
    const taken = await seatsTakenIn(batchId);
    expect(seatsHeld).toBe(taken);
    expect(accepted.reduce((sum, answer) => sum + answer.seats, 0)).toBe(taken);
    expect(taken).toBeLessThanOrEqual(capacity);
    // Each accepted order holds every seat it asked for.
    expect(
      Object.fromEntries(accepted.map((answer) => [answer.body.orderId, answer.seats])),
    ).toEqual(Object.fromEntries(held.map((order) => [order.id, order.seatCount])));
    const seatRows = await db()
      .select()
      .from(orderSeats)
      .where(
        inArray(
          orderSeats.orderId,
          held.map((order) => order.id),
        ),
      );
    expect(seatRows).toHaveLength(taken);
    // Refused buyers hold no order at all.
    const refusedEmails = buyers
      .filter((_, index) => answers[index]!.status !== 200)
      .map((buyer) => buyer.email);
    if (refusedEmails.length > 0) {
      expect(await db().select().from(orders).where(inArray(orders.email, refusedEmails))).toEqual(
        [],
      );
    }
    // The last seats went: what is free is less than the smallest order refused.
    const smallestRefused = Math.min(
      ...answers.filter((answer) => answer.status !== 200).map((answer) => answer.seats),
    );
    expect(capacity - taken).toBeLessThan(smallestRefused);
  });

  // ── A repeated checkout ──────────────────────────────────────────────────

  it('renames the seats of the unpaid order on a repeat; another seat count replaces it', async () => {
    await setGroupSales(noVolumeDiscount);
    const buyer = await signedInBuyer('company');
    const first = await companyInvoice(buyer, { seats: 2, attendees: [attendee('Ada'), null] });
    expect(first.status).toBe(200);
    const [order] = await ordersOf(buyer.email);

    const renamed = [attendee('Alan'), attendee('Grace')];
    const again = await companyInvoice(buyer, { seats: 2, attendees: renamed });
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(order!.id);
    expect(await ordersOf(buyer.email)).toHaveLength(1);
    expect(invoiceNumbered(order!.invoiceNumber)).toHaveLength(1);
    expect((await seatsOf(order!.id)).map((seat) => seat.attendeeEmail)).toEqual(
      renamed.map((each) => each.email),
    );

    const three = await companyInvoice(buyer, { seats: 3, attendees: [...renamed, null] });
    expect(three.status).toBe(200);
    expect(three.body.orderId).not.toBe(order!.id);
    await reconcileNow(env, eq(orders.id, order!.id));
    const [replaced, replacing] = await ordersOf(buyer.email);
    expect(replaced).toMatchObject({ id: order!.id, status: 'cancelled', holdsReserved: false });
    expect(replacing).toMatchObject({ status: 'awaiting_payment', seatCount: 3 });
    expect(invoiceNumbered(order!.invoiceNumber).map((invoice) => invoice.status)).toEqual([
      'CANCELLED',
    ]);
    expect(invoiceNumbered(replacing!.invoiceNumber)[0]).toMatchObject({
      status: 'UNPAID',
      items: [expect.objectContaining({ quantity: '3' })],
    });
  });

  // ── India ─────────────────────────────────────────────────────────────────

  it('India: a GST-registered company gets one Zoho link for the total of its seats', async () => {
    await setGroupSales({ ...noVolumeDiscount, volumeTiers: [{ minSeats: 3, percent: 10 }] });
    const buyer = await signedInBuyer('gst');
    const contact = await call(buyer, 'POST', apiRoutes.zohoContacts, {
      ...zohoContactBody(buyer.email),
      customer_sub_type: 'business',
      gst_treatment: 'business_gst',
      gst_no: '27AAPFU0939F1ZV',
      company_name: 'Rao Wireless Pvt Ltd',
    });
    expect(contact.status).toBe(200);
    const payables = `ap.${randomBytes(4).toString('hex')}@example.com`;
    const answer = await call(buyer, 'POST', apiRoutes.zohoCheckout, {
      ...zohoCheckoutBody(buyer.email),
      group: {
        seats: 3,
        attendees: [attendee('Asha'), attendee('Ravi'), null],
        invoiceEmail: payables,
      },
    });
    expect(answer.status).toBe(200);

    const price = groupPrice({ unitMinor: INR_SEAT, seats: 3, codePercent: 0, volumePercent: 10 });
    const [order] = await ordersOf(buyer.email);
    expect(order).toMatchObject({ rail: 'zoho_link', seatCount: 3, totalMinor: price.totalMinor });
    const links = env.stack.emulators.zoho.links
      .all()
      .filter((link) => link.reference_id === order!.id);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({
      amount: formatMinor(price.totalMinor),
      currency: 'INR',
      email: payables,
      description: expect.stringMatching(
        /^Payment for 3 seats of Wi-Fi 7 Live Online Workshop, batch B-JAN/,
      ) as unknown,
    });
    expect(
      env.stack.emulators.zoho.contacts
        .all()
        .find((each) => each.contact_persons[0]?.email === buyer.email),
    ).toMatchObject({ gst_treatment: 'business_gst', gst_no: '27AAPFU0939F1ZV' });
  });

  // ── The seller's settings ────────────────────────────────────────────────

  it('lets only a seller set the group sales, validated and audited; a new tier prices the next order only', async () => {
    await setGroupSales(noVolumeDiscount);
    const earlier = await signedInBuyer('company');
    expect((await companyInvoice(earlier, { seats: 3, attendees: team(3) })).status).toBe(200);
    const [earlierOrder] = await ordersOf(earlier.email);
    expect(earlierOrder!.totalMinor).toBe(3 * USD_SEAT);

    const tiered: GroupSales = {
      ...noVolumeDiscount,
      volumeTiers: [
        { minSeats: 3, percent: 10 },
        { minSeats: 5, percent: 15 },
      ],
    };
    const before = await stateSnapshot(db());
    expect((await call(undefined, 'PUT', groupOrderRoutes.sellerSettings, tiered)).status).toBe(
      401,
    );
    expect((await call(earlier, 'PUT', groupOrderRoutes.sellerSettings, tiered)).status).toBe(403);
    const shrinking = {
      ...tiered,
      volumeTiers: [
        { minSeats: 5, percent: 10 },
        { minSeats: 3, percent: 15 },
      ],
    };
    const invalid = await call(await asSeller(), 'PUT', groupOrderRoutes.sellerSettings, shrinking);
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain(
      'Each volume discount needs more seats and a larger percent than the one before',
    );
    expect(await stateSnapshot(db())).toEqual(before);

    const set = await call(await asSeller(), 'PUT', groupOrderRoutes.sellerSettings, tiered);
    expect(set).toMatchObject({ status: 200, body: { settings: tiered } });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'group-sales.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorEmail: SELLER, before: noVolumeDiscount, after: tiered });
    expect((await call(undefined, 'GET', groupOrderRoutes.settings)).body).toEqual({
      settings: tiered,
    });

    const later = await signedInBuyer('company');
    expect((await companyInvoice(later, { seats: 3, attendees: team(3) })).status).toBe(200);
    const [laterOrder] = await ordersOf(later.email);
    const price = groupPrice({ unitMinor: USD_SEAT, seats: 3, codePercent: 0, volumePercent: 10 });
    expect(laterOrder).toMatchObject({ volumeDiscountPercent: 10, totalMinor: price.totalMinor });
    // The order placed before the change keeps its price, and so does its invoice.
    const [unchanged] = await ordersOf(earlier.email);
    expect(unchanged).toMatchObject({ volumeDiscountPercent: 0, totalMinor: 3 * USD_SEAT });
    expect(invoiceNumbered(unchanged!.invoiceNumber)[0]!.amount.value).toBe('1497.00');
  });
});
