/**
 * The back office's catalog API on PGlite and PostgreSQL: batches with
 * their seats, sessions and status; prices; discount codes. Sellers only;
 * a refused change changes nothing; every change is in the audit log; and
 * a change shows on another instance's buyer-facing answers (the pricing
 * call, the workshop list) as soon as that instance hears of it, which the
 * tests wait for (a moment after the commit; a busy machine takes longer).
 */
import {
  apiRoutes,
  expandWeeklySchedule,
  sellerCatalogPath,
  sellerCatalogRoutes,
  type PricingResponse,
  type SellerBatch,
  type SellerBatchList,
  type SellerDiscountCode,
  type SellerDiscountCodeList,
  type SellerPriceList,
  type WorkshopListResponse,
} from '@wifi7/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { batches, discountCodes, orders, prices, auditLog } from '../src/db/schema';
import { fillMissingSessionsFromFile } from '../src/catalog/catalog-file';
import { buildTestApp } from './support/app';
import { signedInBuyer, signInWithEmailLink, uniqueEmail } from './support/auth-emulator';
import { loadTestCatalog, testCatalog } from './support/catalog';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** Generous: another instance hears a change within moments, but a busy machine must not fail. */
const eventually = { timeout: 15_000, interval: 20 };

const SELLER = 'seller@example.com';
const janSessions = expandWeeklySchedule({
  startsOn: '2027-01-12',
  weekdays: ['Tue', 'Thu'],
  startTime: '09:00',
});
const billing = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'United States',
  isoCode: 'US',
  state: 'Massachusetts',
  city: 'Boston',
  zipcode: '02110',
};

describe.each(databaseKinds)('the back office catalog on %s', (kind) => {
  let database: TestDatabase;
  /** The instance the seller uses. */
  let app: App;
  /** Another instance on the same database, as buyers may reach behind a load balancer. */
  let other: App;
  let sellerToken: string;
  let buyerToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await loadTestCatalog(database.handle.db);
    // Full: the buyers are not offered it, open or not.
    await database.handle.db.update(batches).set({ seatsTaken: 2 }).where(eq(batches.id, 'B-FULL'));
    app = await buildTestApp(database.handle);
    other = await buildTestApp(await database.openAnother());
    ({ idToken: sellerToken } = await signInWithEmailLink(SELLER));
    ({ idToken: buyerToken } = await signedInBuyer());
  });
  afterAll(async () => {
    await app.close();
    await other.close();
    await database.dispose();
  });

  const db = () => database.handle.db;
  const call = (method: HTTPMethods, url: string, payload?: unknown, token = sellerToken) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const batchUrl = (id: string) => sellerCatalogPath(sellerCatalogRoutes.batch, id);
  const statusUrl = (id: string) => sellerCatalogPath(sellerCatalogRoutes.batchStatus, id);
  const codeUrl = (code: string) => sellerCatalogPath(sellerCatalogRoutes.discountCode, code);
  const codeStateUrl = (code: string) =>
    sellerCatalogPath(sellerCatalogRoutes.discountCodeState, code);

  const listBatches = async () =>
    (await call('GET', sellerCatalogRoutes.batches)).json() as SellerBatchList;
  const batchNamed = async (id: string) =>
    (await listBatches()).batches.find((batch) => batch.id === id)!;
  const auditOf = (targetId: string) =>
    db().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.id));
  /** Everything a refused change must leave as it was. */
  const catalogState = async () => ({
    batches: await db().select().from(batches).orderBy(batches.id),
    prices: await db().select().from(prices).orderBy(prices.workshopSku, prices.currency),
    codes: await db().select().from(discountCodes).orderBy(discountCodes.code),
    audit: (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
    )[0]!.n,
  });
  const batchEdit = (batch: SellerBatch, changes: Record<string, unknown> = {}) => ({
    region: batch.region,
    sessionStarts: batch.sessionStarts,
    sessionMinutes: batch.sessionMinutes,
    seatCapacity: batch.seatCapacity,
    status: batch.status,
    ...changes,
  });
  /** The buyers' workshop list, asked of the other instance. */
  const buyersList = async () => {
    const response = await other.inject({
      url: apiRoutes.workshopList,
      headers: { authorization: `Bearer ${buyerToken}` },
    });
    return response.json() as WorkshopListResponse;
  };
  /** The pricing call, asked of the other instance. */
  const priceWith = async (discountCode: string | null, countryCode = 'US') => {
    const response = await other.inject({
      method: 'POST',
      url: apiRoutes.pricing,
      payload: { productSkus: ['WIFI7-LIVE'], countryCode, discountCode },
    });
    return response.json() as PricingResponse;
  };

  describe('is for sellers only', () => {
    const routes: [HTTPMethods, string][] = [
      ['GET', sellerCatalogRoutes.batches],
      ['POST', sellerCatalogRoutes.batches],
      ['PUT', '/api/seller/batches/B-JAN'],
      ['PUT', '/api/seller/batches/B-JAN/status'],
      ['GET', sellerCatalogRoutes.prices],
      ['PUT', '/api/seller/prices/WIFI7-LIVE'],
      ['GET', sellerCatalogRoutes.discountCodes],
      ['POST', sellerCatalogRoutes.discountCodes],
      ['PUT', '/api/seller/discount-codes/SAVE10'],
      ['PUT', '/api/seller/discount-codes/SAVE10/state'],
    ];

    it('refuses a buyer with 403 and a stranger with 401, changing nothing', async () => {
      const before = await catalogState();
      for (const [method, url] of routes) {
        const body = method === 'GET' ? undefined : { status: 'closed', state: 'disabled' };
        expect([method, url, (await call(method, url, body, buyerToken)).statusCode]).toEqual([
          method,
          url,
          403,
        ]);
        const stranger = await app.inject({ method, url, ...(body ? { payload: body } : {}) });
        expect([method, url, stranger.statusCode]).toEqual([method, url, 401]);
      }
      expect(await catalogState()).toEqual(before);
    });

    it('is never cached', async () => {
      const response = await call('GET', sellerCatalogRoutes.batches);
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('batches', () => {
    it('lists every batch with its sessions and seats sold, held and free', async () => {
      const place = (email: string) =>
        app.services.orders.placement.place({
          uid: 'uid',
          email,
          rail: 'paypal_invoice',
          workshopSku: 'WIFI7-LIVE',
          batchId: 'B-JAN',
          discountCode: null,
          billing,
        });
      const held = await place(uniqueEmail('held'));
      const sold = await place(uniqueEmail('sold'));
      await db().update(orders).set({ status: 'paid' }).where(eq(orders.id, sold.order.id));
      expect(held.order.status).toBe('pending');

      const list = await listBatches();
      expect(list.batches.map((batch) => batch.id)).toEqual([
        'B-RETIRED',
        'B-JAN',
        'B-FULL',
        'B-CLOSED',
        'B-APR',
      ]);
      expect(list.workshops.map((workshop) => workshop.sku)).toEqual([
        'WIFI7-LIVE',
        'WIFI6-LAB',
        'RETIRED',
      ]);
      expect(list.batches[1]).toMatchObject({
        id: 'B-JAN',
        workshopSku: 'WIFI7-LIVE',
        workshopName: 'Wi-Fi 7 Live Online Workshop',
        description: 'Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
        region: 'Americas',
        startsOn: '2027-01-12',
        sessionStarts: janSessions,
        sessionMinutes: 120,
        seatCapacity: 30,
        seats: { sold: 1, held: 1, taken: 2, free: 28 },
        status: 'open',
      });
    });

    it('edits a batch: the description and first day follow the sessions, with an audit entry', async () => {
      const before = await batchNamed('B-APR');
      const sessionStarts = expandWeeklySchedule({
        startsOn: '2027-04-05',
        weekdays: ['Mon', 'Wed'],
        startTime: '08:30',
      });
      const response = await call(
        'PUT',
        batchUrl('B-APR'),
        batchEdit(before, {
          region: 'Europe',
          sessionStarts,
          sessionMinutes: 90,
          seatCapacity: 35,
          note: 'Moved for the European group',
        }),
      );
      expect(response.statusCode).toBe(200);
      const after = response.json() as SellerBatch;
      expect(after).toMatchObject({
        description: 'Apr 5 - May 24, 2027 (Europe) -- Mon & Wed, 8:30 to 10 AM Pacific Time',
        region: 'Europe',
        startsOn: '2027-04-05',
        sessionStarts,
        sessionMinutes: 90,
        seatCapacity: 35,
      });
      const [entry] = await auditOf('B-APR');
      expect(entry).toMatchObject({
        actorEmail: SELLER,
        action: 'batch.update',
        targetType: 'batch',
        note: 'Moved for the European group',
        before: expect.objectContaining({ description: before.description, seatCapacity: 30 }),
        after: expect.objectContaining({ description: after.description, seatCapacity: 35 }),
      });
      // The buyers see the new description on any instance, as soon as it hears of the change.
      await vi.waitFor(async () => {
        const offered = (await buyersList()).availableWorkshops[0]!.batchDetails;
        expect(offered).toContainEqual({ batchId: 'B-APR', batchDescription: after.description });
      }, eventually);
    });

    it('keeps 9:00 AM Pacific for sessions across the change to daylight saving time', async () => {
      const before = await batchNamed('B-CLOSED');
      const sessionStarts = expandWeeklySchedule({
        startsOn: '2027-03-01',
        weekdays: ['Mon', 'Wed', 'Fri'],
        startTime: '09:00',
      });
      const response = await call(
        'PUT',
        batchUrl('B-CLOSED'),
        batchEdit(before, { sessionStarts }),
      );
      expect(response.statusCode).toBe(200);
      const after = response.json() as SellerBatch;
      expect(after.sessionStarts.every((start) => start.endsWith('T09:00'))).toBe(true);
      expect(after.description).toBe(
        'Mar 1 - Apr 2, 2027 (Asia) -- Mon, Wed & Fri, 9 to 11 AM Pacific Time',
      );
    });

    it('never lets the capacity go below the seats sold or held', async () => {
      const jan = await batchNamed('B-JAN');
      const before = await catalogState();
      const response = await call('PUT', batchUrl('B-JAN'), batchEdit(jan, { seatCapacity: 1 }));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        '2 seats are sold or held in this batch, so its capacity cannot go below 2.',
      );
      expect(await catalogState()).toEqual(before);
      const exact = await call('PUT', batchUrl('B-JAN'), batchEdit(jan, { seatCapacity: 2 }));
      expect(exact.statusCode).toBe(200);
      expect((exact.json() as SellerBatch).seats.free).toBe(0);
      await call('PUT', batchUrl('B-JAN'), batchEdit(jan, { seatCapacity: 30 }));
    });

    it.each([
      ['14 sessions', { sessionStarts: janSessions.slice(1) }, 400],
      [
        'a time the clocks skip',
        { sessionStarts: [...janSessions.slice(0, 14), '2027-03-14T02:30'] },
        400,
      ],
      ['sessions out of order', { sessionStarts: [...janSessions].reverse() }, 400],
      [
        'a session on a day that does not exist',
        { sessionStarts: [...janSessions.slice(0, 14), '2027-02-30T09:00'] },
        400,
      ],
      [
        'overlapping sessions',
        { sessionStarts: [janSessions[0], '2027-01-12T10:00', ...janSessions.slice(2)] },
        400,
      ],
      ['sessions longer than a working day', { sessionMinutes: 9 * 60 }, 400],
      ['a negative capacity', { seatCapacity: -1 }, 400],
      ['an unknown status', { status: 'paused' }, 400],
      ['a region with the separator', { region: 'Americas -- Europe' }, 400],
      ['a description sent by the browser', { description: 'Free -- forever' }, 400],
    ])('refuses %s and changes nothing', async (_case, changes, status) => {
      const jan = await batchNamed('B-JAN');
      const before = await catalogState();
      const response = await call('PUT', batchUrl('B-JAN'), batchEdit(jan, changes));
      expect(response.statusCode).toBe(status);
      expect(await catalogState()).toEqual(before);
    });

    it('answers 404 for a batch that does not exist, changing nothing', async () => {
      const jan = await batchNamed('B-JAN');
      const before = await catalogState();
      expect((await call('PUT', batchUrl('B-NOPE'), batchEdit(jan))).statusCode).toBe(404);
      expect((await call('PUT', statusUrl('B-NOPE'), { status: 'closed' })).statusCode).toBe(404);
      expect(await catalogState()).toEqual(before);
    });

    it('creates a batch, and refuses a second one with the same id or an unknown workshop', async () => {
      const sessionStarts = expandWeeklySchedule({
        startsOn: '2027-06-01',
        weekdays: ['Tue', 'Thu'],
        startTime: '18:00',
      });
      const body = {
        id: 'B-JUN',
        workshopSku: 'WIFI7-LIVE',
        region: 'India',
        sessionStarts,
        sessionMinutes: 120,
        seatCapacity: 25,
        status: 'closed',
      };
      const response = await call('POST', sellerCatalogRoutes.batches, body);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        id: 'B-JUN',
        description: 'Jun 1 - Jul 20, 2027 (India) -- Tue & Thu, 6 to 8 PM Pacific Time',
        startsOn: '2027-06-01',
        seats: { sold: 0, held: 0, taken: 0, free: 25 },
        status: 'closed',
      });
      expect((await auditOf('B-JUN'))[0]).toMatchObject({ action: 'batch.create' });

      const before = await catalogState();
      const again = await call('POST', sellerCatalogRoutes.batches, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('A batch with the id B-JUN already exists.');
      const unknown = await call('POST', sellerCatalogRoutes.batches, {
        ...body,
        id: 'B-OTHER',
        workshopSku: 'NOPE',
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().message).toBe('There is no workshop NOPE.');
      expect(await catalogState()).toEqual(before);
    });

    it('closing the last open batch closes registration on every instance, and opening brings it back', async () => {
      const offered = async () =>
        (await buyersList()).availableWorkshops[0]!.batchDetails.map((batch) => batch.batchId);
      // The tests before changed capacities and put them back: the other instance hears that too.
      await vi.waitFor(async () => expect(await offered()).toEqual(['B-JAN', 'B-APR']), eventually);

      const closed = await call('PUT', statusUrl('B-JAN'), { status: 'closed', note: 'Full' });
      expect(closed.statusCode).toBe(200);
      expect((closed.json() as SellerBatch).status).toBe('closed');
      await vi.waitFor(async () => expect(await offered()).toEqual(['B-APR']), eventually);

      await call('PUT', statusUrl('B-APR'), { status: 'closed' });
      // The first workshop has no batch left: the buyers' page says "Registration is closed now".
      await vi.waitFor(async () => expect(await offered()).toEqual([]), eventually);

      const [entry] = await auditOf('B-APR');
      expect(entry).toMatchObject({
        actorEmail: SELLER,
        action: 'batch.close',
        before: { status: 'open' },
        after: { status: 'closed' },
      });
      // Closing a closed batch again writes nothing.
      const entries = (await auditOf('B-APR')).length;
      expect((await call('PUT', statusUrl('B-APR'), { status: 'closed' })).statusCode).toBe(200);
      expect(await auditOf('B-APR')).toHaveLength(entries);

      await call('PUT', statusUrl('B-JAN'), { status: 'open' });
      await call('PUT', statusUrl('B-APR'), { status: 'open' });
      await vi.waitFor(async () => expect(await offered()).toEqual(['B-JAN', 'B-APR']), eventually);
      expect((await auditOf('B-JAN'))[0]).toMatchObject({ action: 'batch.open' });
    });
  });

  describe('prices', () => {
    it('lists each workshop’s prices in minor units', async () => {
      const list = (await call('GET', sellerCatalogRoutes.prices)).json() as SellerPriceList;
      expect(list.currencies).toEqual(['USD', 'INR']);
      expect(list.workshops[0]).toEqual({
        sku: 'WIFI7-LIVE',
        name: 'Wi-Fi 7 Live Online Workshop',
        active: true,
        prices: { USD: 49_900, INR: 4_129_900 },
        holdHours: 72,
      });
    });

    it('changes a price, which the pricing call uses at once, with an audit entry', async () => {
      const url = sellerCatalogPath(sellerCatalogRoutes.workshopPrices, 'WIFI7-LIVE');
      const response = await call('PUT', url, { USD: 45_000, INR: 3_999_950 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ prices: { USD: 45_000, INR: 3_999_950 } });
      await vi.waitFor(async () => {
        expect((await priceWith(null)).prices[0]!.price).toBe(450);
        expect((await priceWith(null, 'IN')).prices[0]!.price).toBe(39_999.5);
      }, eventually);
      expect((await auditOf('WIFI7-LIVE'))[0]).toMatchObject({
        action: 'workshop.prices',
        targetType: 'workshop',
        before: { USD: 49_900, INR: 4_129_900 },
        after: { USD: 45_000, INR: 3_999_950 },
      });
      await call('PUT', url, { USD: 49_900, INR: 4_129_900 });
    });

    it.each([
      ['a price in major units', { USD: 499.5, INR: 4_129_900 }, 400],
      ['a price below one unit', { USD: 99, INR: 4_129_900 }, 400],
      ['a missing currency', { USD: 49_900 }, 400],
      ['an unknown currency', { USD: 49_900, INR: 4_129_900, EUR: 45_000 }, 400],
    ])('refuses %s and changes nothing', async (_case, body, status) => {
      const before = await catalogState();
      const url = sellerCatalogPath(sellerCatalogRoutes.workshopPrices, 'WIFI7-LIVE');
      expect((await call('PUT', url, body)).statusCode).toBe(status);
      expect(await catalogState()).toEqual(before);
    });

    it('answers 404 for an unknown workshop', async () => {
      const url = sellerCatalogPath(sellerCatalogRoutes.workshopPrices, 'NOPE');
      expect((await call('PUT', url, { USD: 100, INR: 100 })).statusCode).toBe(404);
    });
  });

  describe('discount codes', () => {
    const create = (body: Record<string, unknown>) =>
      call('POST', sellerCatalogRoutes.discountCodes, {
        percent: 25,
        workshopSku: null,
        validFrom: null,
        validUntil: null,
        maxUses: null,
        ...body,
      });
    const codeNamed = async (code: string) =>
      (
        (await call('GET', sellerCatalogRoutes.discountCodes)).json() as SellerDiscountCodeList
      ).codes.find((each) => each.code === code)!;

    it('creates a code in upper case that works at checkout at once, on any instance', async () => {
      expect((await priceWith('spring25')).message).toBe('This discount code does not exist.');
      const response = await create({ code: ' Spring25 ', maxUses: 50, note: 'Newsletter' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        code: 'SPRING25',
        percent: 25,
        uses: 0,
        maxUses: 50,
        active: true,
        availability: 'usable',
      });
      await vi.waitFor(
        async () =>
          expect(await priceWith('spring25')).toEqual({
            success: true,
            message: 'Discount code applied.',
            prices: [{ productSku: 'WIFI7-LIVE', price: 499, currency: 'USD', discount: 25 }],
          }),
        eventually,
      );
      expect((await auditOf('SPRING25'))[0]).toMatchObject({
        actorEmail: SELLER,
        action: 'discount.create',
        targetType: 'discount-code',
        note: 'Newsletter',
        after: expect.objectContaining({ percent: 25, maxUses: 50, active: true }),
      });

      // The applied-discount call of the India checkout takes it too.
      const applied = await other.inject({
        method: 'PUT',
        url: apiRoutes.appliedDiscount,
        headers: { authorization: `Bearer ${buyerToken}` },
        payload: { productSku: 'WIFI7-LIVE', discountCode: 'spring25' },
      });
      expect(applied.statusCode).toBeLessThan(300);
    });

    it('refuses a code that exists in any case, changing nothing', async () => {
      const before = await catalogState();
      for (const code of ['SPRING25', 'spring25', 'Save10']) {
        const response = await create({ code });
        expect([code, response.statusCode]).toEqual([code, 409]);
        expect(response.json().message).toBe(`The code ${code.toUpperCase()} already exists.`);
      }
      expect(await catalogState()).toEqual(before);
    });

    it.each([
      ['a percent of 100', { code: 'FREE100', percent: 100 }, 400],
      ['a percent of 0', { code: 'ZERO', percent: 0 }, 400],
      ['a code too short', { code: 'AB' }, 400],
      ['a code with spaces inside', { code: 'TWO WORDS' }, 400],
      [
        'an end before the start',
        {
          code: 'BACKWARDS',
          validFrom: '2027-05-01T00:00:00Z',
          validUntil: '2027-04-01T00:00:00Z',
        },
        400,
      ],
      ['a time without an offset', { code: 'NOZONE', validFrom: '2027-05-01T00:00:00' }, 400],
      ['no uses allowed', { code: 'NEVER', maxUses: 0 }, 400],
      ['the uses so far sent by the browser', { code: 'USED', uses: 3 }, 400],
      ['an unknown workshop', { code: 'NOWHERE', workshopSku: 'NOPE' }, 422],
    ])('refuses %s and changes nothing', async (_case, body, status) => {
      const before = await catalogState();
      expect((await create(body)).statusCode).toBe(status);
      expect(await catalogState()).toEqual(before);
    });

    it('lists codes with their uses and whether buyers can use them now', async () => {
      await db().update(discountCodes).set({ uses: 2 }).where(eq(discountCodes.code, 'GONE'));
      const list = (
        await call('GET', sellerCatalogRoutes.discountCodes)
      ).json() as SellerDiscountCodeList;
      const byCode = Object.fromEntries(list.codes.map((code) => [code.code, code]));
      expect(byCode.GONE).toMatchObject({ uses: 2, maxUses: 2, availability: 'used-up' });
      expect(byCode.OLD).toMatchObject({
        availability: 'expired',
        validUntil: '2020-01-01T00:00:00.000Z',
      });
      expect(byCode.LATER).toMatchObject({ availability: 'not-yet-valid' });
      expect(byCode.OFF).toMatchObject({ active: false, availability: 'disabled' });
      expect(byCode.LAB15).toMatchObject({ workshopSku: 'WIFI6-LAB', availability: 'usable' });
      expect(list.workshops.map((workshop) => workshop.sku)).toContain('WIFI7-LIVE');
    });

    it('edits a code, never limiting it below its uses', async () => {
      const before = await catalogState();
      const refused = await call('PUT', codeUrl('gone'), {
        percent: 20,
        workshopSku: null,
        validFrom: null,
        validUntil: null,
        maxUses: 1,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'GONE has been used 2 times, so its limit cannot go below 2.',
      );
      expect(await catalogState()).toEqual(before);

      const edited = await call('PUT', codeUrl('gone'), {
        percent: 30,
        workshopSku: 'WIFI7-LIVE',
        validFrom: '2026-01-01T08:00:00Z',
        validUntil: '2099-01-01T08:00:00-08:00',
        maxUses: 5,
        note: 'Three more',
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        code: 'GONE',
        percent: 30,
        workshopSku: 'WIFI7-LIVE',
        validFrom: '2026-01-01T08:00:00.000Z',
        validUntil: '2099-01-01T16:00:00.000Z',
        maxUses: 5,
        uses: 2,
        availability: 'usable',
      });
      await vi.waitFor(
        async () => expect((await priceWith('gone')).prices[0]!.discount).toBe(30),
        eventually,
      );
      expect((await auditOf('GONE'))[0]).toMatchObject({
        action: 'discount.update',
        before: expect.objectContaining({ percent: 20, maxUses: 2, workshopSku: null }),
        after: expect.objectContaining({ percent: 30, maxUses: 5, workshopSku: 'WIFI7-LIVE' }),
      });
      expect(
        (
          await call('PUT', codeUrl('NOPE'), {
            percent: 30,
            workshopSku: null,
            validFrom: null,
            validUntil: null,
            maxUses: null,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('disables a code, which checkout refuses at once, and enables it again', async () => {
      const disabled = await call('PUT', codeStateUrl('spring25'), {
        state: 'disabled',
        note: 'Posted on a coupon site',
      });
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json()).toMatchObject({ active: false, availability: 'disabled' });
      await vi.waitFor(
        async () =>
          expect(await priceWith('SPRING25')).toMatchObject({
            success: false,
            message: 'This discount code is no longer valid.',
          }),
        eventually,
      );
      expect((await auditOf('SPRING25'))[0]).toMatchObject({
        action: 'discount.disable',
        before: { active: true },
        after: { active: false },
        note: 'Posted on a coupon site',
      });

      const enabled = await call('PUT', codeStateUrl('SPRING25'), { state: 'active' });
      expect((enabled.json() as SellerDiscountCode).active).toBe(true);
      await vi.waitFor(
        async () => expect((await priceWith('SPRING25')).success).toBe(true),
        eventually,
      );
      expect((await codeNamed('SPRING25')).availability).toBe('usable');
    });
  });
});

describe.each(databaseKinds)('batches kept before sessions were, on %s', (kind) => {
  let database: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await loadTestCatalog(database.handle.db);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wifi7-catalog-'));
  });
  afterAll(async () => {
    await database.dispose();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const batchRow = async (id: string) =>
    (await database.handle.db.select().from(batches).where(eq(batches.id, id)))[0]!;

  it('get their sessions and description from the catalog file at start, once', async () => {
    const db = database.handle.db;
    // As the migration left them: no sessions, the description of old.
    await db
      .update(batches)
      .set({
        sessionStarts: [],
        description: 'Jan 12 - Mar 4, 2027 (Americas) -- 9 to 11 AM Pacific Time',
      })
      .where(eq(batches.id, 'B-JAN'));
    await db.update(batches).set({ sessionStarts: [] }).where(eq(batches.id, 'B-APR'));
    // A batch the catalog file does not name keeps an empty list for the seller to fill.
    await db.insert(batches).values({
      id: 'B-UNLISTED',
      workshopSku: 'WIFI7-LIVE',
      description: 'Sep 1 - Oct 20, 2027 (Americas) -- 9 to 11 AM Pacific Time',
      startsOn: '2027-09-01',
      seatCapacity: 10,
    });
    const file = path.join(folder, 'catalog.json');
    fs.writeFileSync(file, JSON.stringify(testCatalog));

    expect(await fillMissingSessionsFromFile(db, file)).toEqual({
      outcome: 'filled',
      batchIds: ['B-APR', 'B-JAN'],
    });
    expect(await batchRow('B-JAN')).toMatchObject({
      sessionStarts: janSessions,
      sessionMinutes: 120,
      description: 'Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
      startsOn: '2027-01-12',
    });
    expect((await batchRow('B-UNLISTED')).sessionStarts).toEqual([]);

    // The next start reads the file again (B-UNLISTED still has none) but changes nothing.
    const before = await db.select().from(batches).orderBy(batches.id);
    expect(await fillMissingSessionsFromFile(db, file)).toEqual({
      outcome: 'filled',
      batchIds: [],
    });
    expect(await db.select().from(batches).orderBy(batches.id)).toEqual(before);
  });

  it('leave the site running when the file cannot be read, and skip the file when none is missing', async () => {
    const db = database.handle.db;
    const broken = path.join(folder, 'broken.json');
    fs.writeFileSync(broken, '{ "workshops": ');
    const result = await fillMissingSessionsFromFile(db, broken);
    expect(result.outcome).toBe('file-unreadable');

    await db.delete(batches).where(eq(batches.id, 'B-UNLISTED'));
    expect(await fillMissingSessionsFromFile(db, path.join(folder, 'missing.json'))).toEqual({
      outcome: 'nothing-missing',
    });
  });
});
