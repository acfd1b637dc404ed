/**
 * What a visitor sees before signing in, and what a buyer has bought, on
 * PGlite and on PostgreSQL: the public schedule (full batches flagged, seats
 * left only when few, closed batches and retired workshops absent, nothing
 * personal), each batch's calendar file (one event per session at the right
 * instant across daylight saving, the same ids as the enrolment e-mail's
 * attachment), and a signed-in buyer's paid batches.
 */
import path from 'node:path';
import {
  apiRoutes,
  batchCalendarPath,
  expandWeeklySchedule,
  type MyEnrolmentsResponse,
  type ScheduleResponse,
} from '@wifi7/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, mailOutbox, orders, workshops } from '../src/db/schema';
import { loadCatalog, readCatalogFile } from '../src/catalog/catalog-file';
import { findRepositoryRoot } from '../src/lib/repository-root';
import { EnrolmentMail, enrolmentKey } from '../src/enrolment/enrolment-mail';
import { newOrderId } from '../src/orders/ids';
import { findOrder } from '../src/orders/repository';
import { buildTestApp } from './support/app';
import { signedInBuyer, type TestBuyer } from './support/auth-emulator';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';
import { LONDON_BILLING } from './support/billing';
import { readCalendar } from './support/calendar';

const sampleCatalog = readCatalogFile(path.join(findRepositoryRoot(), 'catalog', 'catalog.json'));
const WORKSHOP = 'WIFI7-LIVE';
const WORKSHOP_NAME = 'Wi-Fi 7 (802.11be) Live Online Workshop';
/** The sample's Monday and Wednesday evenings, 7 to 9 PM Pacific: across March 14, 2027. */
const EVENINGS = 'WIFI7-2027-02-PM';

describe.each(databaseKinds)('the schedule, calendars and enrolments on %s', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let paidBuyer: TestBuyer;
  let pendingBuyer: TestBuyer;
  const orderIds: string[] = [];
  let paidOrderId: string;

  const seats = (id: string, seatsTaken: number) =>
    database.handle.db.update(batches).set({ seatsTaken }).where(eq(batches.id, id));

  /** An order of a buyer for a batch of the sample workshop, as checkout would have left it. */
  async function insertOrder(buyer: TestBuyer, batchId: string, status: 'paid' | 'pending') {
    const id = newOrderId();
    orderIds.push(id);
    await database.handle.db.insert(orders).values({
      id,
      email: buyer.email,
      firebaseUid: buyer.uid,
      rail: 'paypal_invoice',
      status,
      workshopSku: WORKSHOP,
      workshopName: WORKSHOP_NAME,
      batchId,
      batchDescription: 'as bought',
      currency: 'USD',
      subtotalMinor: 49_900,
      discountMinor: 0,
      totalMinor: 49_900,
      billing: LONDON_BILLING,
      holdExpiresAt: new Date(Date.now() + 3_600_000),
      paidAt: status === 'paid' ? new Date('2027-01-20T18:30:00Z') : null,
    });
    return id;
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.handle.db;
    await loadCatalog(db, sampleCatalog);
    // Full; five seats left; six seats left (too many to count out loud).
    await seats('WIFI7-2027-01-AM', 40);
    await seats('WIFI7-2027-02-PM', 35);
    await seats('WIFI7-2027-04-AM', 34);
    await db.insert(batches).values([
      {
        id: 'WIFI7-2027-06-CLOSED',
        workshopSku: WORKSHOP,
        description: 'Jun 1 - Jul 20, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
        startsOn: '2027-06-01',
        status: 'closed',
        seatCapacity: 40,
        sessionStarts: expandWeeklySchedule({
          startsOn: '2027-06-01',
          weekdays: ['Tue', 'Thu'],
          startTime: '09:00',
        }),
      },
      {
        id: 'WIFI7-2027-09-TBD',
        workshopSku: WORKSHOP,
        description: 'September 2027 (Europe) -- times to follow',
        startsOn: '2027-09-01',
        seatCapacity: 40,
      },
    ]);
    await db.insert(workshops).values({ sku: 'RETIRED', name: 'Retired workshop', active: false });
    await db.insert(batches).values({
      id: 'RETIRED-BATCH',
      workshopSku: 'RETIRED',
      description: 'Jan 4 - Feb 5, 2027 (Americas) -- Mon, Wed & Fri, 9 to 11 AM Pacific Time',
      startsOn: '2027-01-04',
      seatCapacity: 5,
    });
    app = await buildTestApp(database.handle);
    [paidBuyer, pendingBuyer] = await Promise.all([
      signedInBuyer('paid'),
      signedInBuyer('pending'),
    ]);
    paidOrderId = await insertOrder(paidBuyer, EVENINGS, 'paid');
    await insertOrder(paidBuyer, 'WIFI7-2027-04-AM', 'pending');
    await insertOrder(pendingBuyer, 'WIFI7-2027-04-AM', 'pending');
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  describe('GET schedule', () => {
    const schedule = () => app.inject({ url: apiRoutes.schedule });

    it('lists every open batch of every active workshop in date order, full ones flagged', async () => {
      const response = await schedule();
      expect(response.statusCode).toBe(200);
      const body = response.json() as ScheduleResponse;
      expect(body.workshops.map((workshop) => workshop.productSku)).toEqual([WORKSHOP]);
      const [workshop] = body.workshops;
      expect(workshop!.productName).toBe(WORKSHOP_NAME);
      expect(
        workshop!.batches.map(({ batchId, full, seatsLeft, sessions }) => ({
          batchId,
          full,
          seatsLeft,
          sessions: sessions.length,
        })),
      ).toEqual([
        { batchId: 'WIFI7-2027-01-AM', full: true, seatsLeft: 0, sessions: 15 },
        { batchId: 'WIFI7-2027-02-PM', full: false, seatsLeft: 5, sessions: 15 },
        { batchId: 'WIFI7-2027-04-AM', full: false, seatsLeft: null, sessions: 15 },
        { batchId: 'WIFI7-2027-09-TBD', full: false, seatsLeft: null, sessions: 0 },
      ]);
      expect(workshop!.batches[1]!.batchDescription).toBe(
        'Feb 8 - Mar 29, 2027 (Asia-Pacific) -- Mon & Wed, 7 to 9 PM Pacific Time',
      );
    });

    it('gives the sessions as UTC instants, on both sides of the change to daylight time', async () => {
      const body = (await schedule()).json() as ScheduleResponse;
      const evening = body.workshops[0]!.batches[1]!;
      expect(evening.sessions[0]).toEqual({
        number: 1,
        startsAt: '2027-02-09T03:00:00.000Z',
        endsAt: '2027-02-09T05:00:00.000Z',
      });
      // Wednesday, March 10 is still standard time; Monday, March 15 is daylight time.
      expect(evening.sessions[9]!.startsAt).toBe('2027-03-11T03:00:00.000Z');
      expect(evening.sessions[10]!.startsAt).toBe('2027-03-16T02:00:00.000Z');
      expect(evening.sessions[14]).toEqual({
        number: 15,
        startsAt: '2027-03-30T02:00:00.000Z',
        endsAt: '2027-03-30T04:00:00.000Z',
      });
    });

    it('tells nothing about buyers or orders, and may be cached briefly by anyone', async () => {
      const response = await schedule();
      expect(response.headers['cache-control']).toBe(
        'public, max-age=30, stale-while-revalidate=60',
      );
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.body).not.toContain('@');
      expect(response.body).not.toContain(paidBuyer.uid);
      for (const id of orderIds) expect(response.body).not.toContain(id);
      expect(response.body).not.toMatch(/email|order|seatsTaken|seatCapacity|price/i);
    });

    it('needs no sign-in, and ignores a token that is not one', async () => {
      const response = await app.inject({
        url: apiRoutes.schedule,
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(response.statusCode).toBe(200);
    });

    it('leaves the signed-in workshop list as it was: open batches with seats only', async () => {
      const response = await app.inject({
        url: apiRoutes.workshopList,
        headers: { authorization: `Bearer ${paidBuyer.idToken}` },
      });
      expect(response.json()).toEqual({
        availableWorkshops: [
          {
            productSku: WORKSHOP,
            productName: WORKSHOP_NAME,
            batchDetails: [
              expect.objectContaining({ batchId: 'WIFI7-2027-02-PM' }),
              expect.objectContaining({ batchId: 'WIFI7-2027-04-AM' }),
              expect.objectContaining({ batchId: 'WIFI7-2027-09-TBD' }),
            ],
          },
        ],
      });
    });
  });
  describe('GET a batch calendar', () => {
    const calendar = (batchId: string) => app.inject({ url: batchCalendarPath(batchId) });

    it('is a calendar file to download, one event per session at the right instant', async () => {
      const response = await calendar(EVENINGS);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="sessions-wifi7-2027-02-pm.ics"',
      );
      expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(response.body).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\n');
      expect(
        response.body.match(/^DTSTART;TZID=America\/Los_Angeles:\d{8}T190000\r$/gm),
      ).toHaveLength(15);

      const events = readCalendar(response.body);
      expect(events).toHaveLength(15);
      expect(events.every((event) => event.zone === 'America/Los_Angeles')).toBe(true);
      // 7 PM Pacific is 03:00Z the next day in standard time, 02:00Z in daylight time.
      expect(events.map((event) => event.start)).toEqual([
        '2027-02-09T03:00:00.000Z',
        '2027-02-11T03:00:00.000Z',
        '2027-02-16T03:00:00.000Z',
        '2027-02-18T03:00:00.000Z',
        '2027-02-23T03:00:00.000Z',
        '2027-02-25T03:00:00.000Z',
        '2027-03-02T03:00:00.000Z',
        '2027-03-04T03:00:00.000Z',
        '2027-03-09T03:00:00.000Z',
        '2027-03-11T03:00:00.000Z',
        '2027-03-16T02:00:00.000Z',
        '2027-03-18T02:00:00.000Z',
        '2027-03-23T02:00:00.000Z',
        '2027-03-25T02:00:00.000Z',
        '2027-03-30T02:00:00.000Z',
      ]);
      expect(events[9]!.end).toBe('2027-03-11T05:00:00.000Z');
      expect(events[10]!.end).toBe('2027-03-16T04:00:00.000Z');
      expect(events[0]).toMatchObject({
        uid: `${EVENINGS}-session-1@localhost`,
        summary: `${WORKSHOP_NAME} — session 1 of 15`,
        location: 'https://portal.example.com',
        url: 'https://portal.example.com',
      });
      expect(events[0]!.description).toContain('https://portal.example.com');
      expect(response.body).not.toContain('@example.com');
    });

    it("is the same file each time, with the same ids as the enrolment e-mail's attachment", async () => {
      const [first, second] = await Promise.all([calendar(EVENINGS), calendar(EVENINGS)]);
      expect(second.body).toBe(first.body);
      const uids = readCalendar(first.body).map((event) => event.uid);
      expect(new Set(uids).size).toBe(15);

      // The e-mail the payment of this buyer's order writes, as the site writes it.
      const db = database.handle.db;
      const order = (await findOrder(db, paidOrderId))!;
      const mail = new EnrolmentMail(
        { coursesPortalUrl: 'https://portal.example.com', siteUrl: 'http://localhost:3100' },
        app.services.mail,
        app.log,
      );
      await db.transaction((tx) => mail.enqueue(tx, order));
      const [row] = await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupeKey, enrolmentKey(paidOrderId)));
      const attachment = row!.attachments.find((file) => file.filename.endsWith('.ics'))!;
      expect(readCalendar(attachment.content).map((event) => event.uid)).toEqual(uids);
      expect(row!.text).toContain(
        `Add the sessions to your calendar: http://localhost:3100${batchCalendarPath(EVENINGS)}`,
      );
    });

    it('still serves a closed batch: its buyers attend the sessions after registration closes', async () => {
      const response = await calendar('WIFI7-2027-06-CLOSED');
      expect(response.statusCode).toBe(200);
      const events = readCalendar(response.body);
      expect(events).toHaveLength(15);
      expect(events[0]!.start).toBe('2027-06-01T16:00:00.000Z');
    });

    const notSet = 'The session times of this batch are not set yet.';
    it.each([
      ['an unknown batch', 'NO-SUCH-BATCH', 'There is no batch with this id.'],
      ['a batch of a retired workshop without session times', 'RETIRED-BATCH', notSet],
      [
        'a batch without session times',
        'WIFI7-2027-09-TBD',
        'The session times of this batch are not set yet.',
      ],
    ])('answers 404 as JSON for %s, saying why', async (_case, batchId, message) => {
      const response = await calendar(batchId);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message });
    });

    it.each([
      ['too long', 'B'.repeat(65)],
      ['blank', '%20%20'],
      ['a NUL', 'WIFI7%00'],
    ])('refuses an id that is %s with 400', async (_case, segment) => {
      const response = await app.inject({
        url: apiRoutes.batchCalendar.replace(':batchId', segment),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400 });
    });
  });

  describe('GET my enrolments', () => {
    const enrolments = (idToken?: string) =>
      app.inject({
        url: apiRoutes.myEnrolments,
        headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
      });

    it('lists the batches the signed-in buyer has paid for, with their calendar', async () => {
      const response = await enrolments(paidBuyer.idToken);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        enrolments: [
          {
            productSku: WORKSHOP,
            batchId: EVENINGS,
            calendarPath: '/api/batches/WIFI7-2027-02-PM/calendar.ics',
          },
        ],
      } satisfies MyEnrolmentsResponse);
    });

    it('lists nothing for a buyer whose order is not paid', async () => {
      const response = await enrolments(pendingBuyer.idToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ enrolments: [] });
    });

    it('lists nothing once the paid order is refunded', async () => {
      const db = database.handle.db;
      await db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, paidOrderId));
      try {
        expect((await enrolments(paidBuyer.idToken)).json()).toEqual({ enrolments: [] });
      } finally {
        await db.update(orders).set({ status: 'paid' }).where(eq(orders.id, paidOrderId));
      }
    });

    it('needs a signed-in buyer', async () => {
      expect((await enrolments()).statusCode).toBe(401);
      expect((await enrolments('not-a-token')).statusCode).toBe(401);
    });
  });
  describe('limits', () => {
    /** Sends `count` requests from one address and answers the statuses seen. */
    async function statusesFrom(remoteAddress: string, url: string, count: number) {
      const statuses = new Set<number>();
      for (let sent = 0; sent < count; sent += 1) {
        statuses.add((await app.inject({ url, remoteAddress })).statusCode);
      }
      return [...statuses];
    }

    it.each([
      ['the schedule', apiRoutes.schedule, 120, '203.0.113.10'],
      ['a batch calendar', batchCalendarPath(EVENINGS), 60, '203.0.113.11'],
    ])(
      'refuses %s past its limit per address, and serves other addresses',
      async (_case, url, limit, address) => {
        expect(await statusesFrom(address, url, limit)).toEqual([200]);
        const refused = await app.inject({ url, remoteAddress: address });
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['retry-after']).toBeDefined();
        expect((await app.inject({ url, remoteAddress: '203.0.113.99' })).statusCode).toBe(200);
      },
    );
  });
});
