/**
 * Company purchases in the seller's order list and CSV, through real HTTP
 * on PGlite and PostgreSQL: an order is found by any attendee's e-mail, the
 * list filters company purchases from single seats, and `rows=seats`
 * exports one row per seat (its attendee, or empty while open, and whether
 * its holder was handed to the portal) while the default export stays one
 * row per order.
 */
import { randomUUID } from 'node:crypto';
import {
  apiRoutes,
  sellerOrderRoutes,
  type GroupCheckoutInput,
  type SellerOrdersPage,
} from '@wifi7/contract';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderSeats, portalHandoffs } from '../src/db/schema';
import { findOrder } from '../src/orders/repository';
import { signedInBuyer, signInWithEmailLink } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody } from './support/request-bodies';
import { control, until, useStack } from './support/stack';

describe.each(databaseKinds)('company purchases in the seller’s list on %s', (kind) => {
  const env = useStack(kind);
  const db = () => env.database.handle.db;
  let seller: string;

  beforeAll(async () => {
    seller = (await signInWithEmailLink('seller@example.com')).idToken;
  });

  const get = async (path: string) => {
    const response = await fetch(`${env.stack.appUrl}${path}`, {
      headers: { authorization: `Bearer ${seller}` },
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const list = async (query: string) =>
    JSON.parse((await get(`${sellerOrderRoutes.orders}?${query}`)).text) as SellerOrdersPage;
  const csv = async (query: string) => {
    const response = await get(`${sellerOrderRoutes.ordersCsv}?${query}`);
    expect(response.status).toBe(200);
    return {
      response,
      records: parse(response.text, { bom: true, columns: true }) as Record<string, string>[],
    };
  };

  /** A buyer checks out by PayPal invoice through the API, as a company purchase when `group`. */
  async function place(marker: string, group?: GroupCheckoutInput) {
    const buyer = await signedInBuyer(marker);
    const response = await fetch(`${env.stack.appUrl}${apiRoutes.paypalInvoice}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.idToken}` },
      body: JSON.stringify({ ...paypalInvoiceBody(buyer.email), ...(group ? { group } : {}) }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return { ...buyer, orderId: (JSON.parse(text) as { orderId: string }).orderId };
  }

  async function pay(orderId: string) {
    const order = (await findOrder(db(), orderId))!;
    await control(env.stack, `/paypal/_control/invoices/${order.providerReference}/pay`, {});
    await until(async () => (await findOrder(db(), orderId))?.status === 'paid', 'the payment');
  }

  /** A company order of three seats (two named, one open) and a single seat, under one marker. */
  async function companyAndSingle() {
    const marker = `seats${kind}${Date.now()}`;
    const anna = { firstName: 'Anna', lastName: 'Karlsson', email: `${marker}.anna@corp.example` };
    const ben = { firstName: 'Ben', lastName: 'Okafor', email: `${marker}.ben@corp.example` };
    const company = await place(`${marker}-manager`, {
      seats: 3,
      attendees: [anna, ben, null],
      invoiceEmail: `ap.${marker}@corp.example`,
    });
    const single = await place(`${marker}-single`);
    return { marker, anna, ben, company, single };
  }

  it('finds a company order by any attendee’s address, and filters by kind', async () => {
    const { marker, ben, company, single } = await companyAndSingle();

    const byAttendee = await list(`q=${encodeURIComponent(ben.email.toUpperCase())}`);
    expect(byAttendee.items).toMatchObject([
      { id: company.orderId, email: company.email, seatCount: 3, groupOrder: true },
    ]);
    // Part of an attendee's address finds the order too, once however many seats match:
    // "<marker>." is in the attendees' addresses, not in the buyers'.
    expect((await list(`q=${marker}.`)).items.map((order) => order.id)).toEqual([company.orderId]);
    expect((await list(`q=${marker}`)).items.map((order) => order.id).sort()).toEqual(
      [company.orderId, single.orderId].sort(),
    );
    expect((await list(`q=${marker}.&kind=single`)).items).toEqual([]);

    expect((await list(`q=${marker}&kind=group`)).items).toMatchObject([
      { id: company.orderId, groupOrder: true },
    ]);
    expect((await list(`q=${marker}&kind=single`)).items).toMatchObject([
      { id: single.orderId, groupOrder: false, seatCount: 1 },
    ]);
    expect((await get(`${sellerOrderRoutes.orders}?kind=company`)).status).toBe(400);
  });

  it('exports one row per seat with its attendee and hand-off; the default stays per order', async () => {
    const { marker, anna, ben, company, single } = await companyAndSingle();
    await pay(single.orderId);
    await until(async () => {
      const [created] = await db()
        .select()
        .from(portalHandoffs)
        .where(
          and(
            eq(portalHandoffs.orderId, single.orderId),
            eq(portalHandoffs.kind, 'enrollment.created'),
          ),
        );
      return created !== undefined;
    }, 'the single seat’s enrolment');
    // The company's first seat was handed off to its first holder (a seat's own dedupe key);
    // a hand-off for a former holder of the second seat does not count for its present one.
    for (const dedupeKey of ['seat-1-1', 'seat-2-0'])
      await db().insert(portalHandoffs).values({
        id: randomUUID(),
        orderId: company.orderId,
        kind: 'enrollment.created',
        dedupeKey,
        payload: {},
      });
    // Attendees type their own names: a formula stays text in the file.
    await db()
      .update(orderSeats)
      .set({ attendeeFirstName: '=HYPERLINK("https://evil.example")' })
      .where(and(eq(orderSeats.orderId, company.orderId), eq(orderSeats.number, 2)));

    const { response, records } = await csv(`q=${marker}&rows=seats`);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="order-seats-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const total = (await findOrder(db(), company.orderId))!.totalMinor;
    const share = (cents: number) => (cents / 100).toFixed(2);
    const even = Math.floor(total / 3);
    // Orders newest first (the single seat was placed last), seats by number.
    expect(
      records.map((record) => [
        record.Order,
        record.Seat,
        record['Seat state'],
        record['Attendee name'],
        record['Attendee e-mail'],
        record.Enrolled,
        record['Seat share'],
      ]),
    ).toEqual([
      [single.orderId, '1', 'active', 'Grace Hopper', single.email, 'yes', '499.00'],
      [company.orderId, '1', 'active', 'Anna Karlsson', anna.email, 'yes', share(even)],
      [
        company.orderId,
        '2',
        'active',
        `'=HYPERLINK("https://evil.example") Okafor`,
        ben.email,
        'no',
        share(even),
      ],
      [company.orderId, '3', 'active', '', '', 'no', share(total - 2 * even)],
    ]);
    // Each row carries its order's columns, as the per-order file has them.
    expect(records[1]).toMatchObject({ 'E-mail': company.email, Total: share(total) });

    const perOrder = await csv(`q=${marker}`);
    expect(perOrder.records.map((record) => record.Order)).toEqual([
      single.orderId,
      company.orderId,
    ]);
    expect(Object.keys(perOrder.records[0]!)).not.toContain('Seat');
    expect(perOrder.response.text).toBe((await csv(`q=${marker}&rows=orders`)).response.text);

    expect((await csv(`q=${marker}&rows=seats&kind=group`)).records).toHaveLength(3);
    expect((await get(`${sellerOrderRoutes.ordersCsv}?rows=people`)).status).toBe(400);
  });
});
