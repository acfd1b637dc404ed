/**
 * Only proven addresses act. A Firebase e-mail/password account can be made
 * for any address without proving it, and its ID token says
 * `email_verified: false`. Whoever holds one is refused with 403 on every
 * signed-in route, before anything is read, written or asked of a provider —
 * even when the address already has a Zoho Books contact, a contact row and
 * an open India order with us.
 */
import { apiRoutes, waitlistRoutes, zohoContactByEmailPath } from '@wifi7/contract';
import { count, sum } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appliedDiscounts,
  batches,
  leads,
  orders,
  waitlistPlaces,
  zohoContacts,
} from '../src/db/schema';
import { purchase } from '../src/http/checkout/purchase';
import { saveZohoContact } from '../src/http/checkout/repository';
import { unprovenBuyer, type TestBuyer } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody, zohoCheckoutBody, zohoContactBody } from './support/request-bodies';
import { control, useStack } from './support/stack';

const billing = {
  firstName: 'Asha',
  lastName: 'Rao',
  country: 'India',
  isoCode: 'IN',
  state: 'Karnataka',
  city: 'Bengaluru',
  zipcode: '560001',
  address: '12 MG Road',
};

/** Every signed-in call, each with a body the schema accepts for the token's own address. */
const signedInCalls: [string, string, (email: string) => string, ((email: string) => unknown)?][] =
  [
    ['the workshop list', 'GET', () => apiRoutes.workshopList],
    [
      'the PayPal invoice checkout',
      'POST',
      () => apiRoutes.paypalInvoice,
      (email) => paypalInvoiceBody(email, { discountCode: 'SAVE10' }),
    ],
    [
      'the applied discount code',
      'PUT',
      () => apiRoutes.appliedDiscount,
      () => ({ productSku: 'WIFI7-LIVE', discountCode: 'SAVE10' }),
    ],
    ['the Zoho Books contact look-up', 'GET', (email) => zohoContactByEmailPath(email)],
    ['the Zoho Books contact creation', 'POST', () => apiRoutes.zohoContacts, zohoContactBody],
    [
      'the Zoho checkout',
      'POST',
      () => apiRoutes.zohoCheckout,
      // Another batch than the open order's: it would replace that order.
      (email) => zohoCheckoutBody(email, { batchId: 'B-APR' }),
    ],
    ['the Zoho payment status', 'GET', () => apiRoutes.zohoPaymentStatus],
    ['joining a waitlist', 'POST', () => waitlistRoutes.join, () => ({ batchId: 'B-FULL' })],
    ['the waitlist places', 'GET', () => waitlistRoutes.mine],
    ['leaving a waitlist', 'POST', () => waitlistRoutes.leave, () => ({ batchId: 'B-FULL' })],
    [
      'opening a waitlist offer',
      'POST',
      () => waitlistRoutes.claim,
      () => ({ token: 'q3Vx8mZ0b7Kc1T2yW9sLrA5dEfGhJkNpQ4uV6wXyZ0a' }),
    ],
  ];

describe.each(databaseKinds)('an address nobody proved, on %s', (kind) => {
  const env = useStack(kind);
  let holder: TestBuyer;

  beforeAll(async () => {
    holder = await unprovenBuyer('not-yours');
    const db = env.database.handle.db;
    // The address has history: a Books contact at Zoho, our copy of it, and
    // an open India order waiting for payment.
    await control(env.stack, '/zoho/_control/contacts', {
      ...zohoContactBody(holder.email),
      place_of_contact: 'KA',
    });
    await saveZohoContact(db, {
      email: holder.email,
      contactId: 'seeded-contact',
      firstName: billing.firstName,
      lastName: billing.lastName,
      address: billing.address,
      city: billing.city,
      state: billing.state,
      zip: billing.zipcode,
    });
    await purchase(
      env.stack.app.services.orders,
      { uid: 'the-real-owner', email: holder.email, emailVerified: true },
      {
        rail: 'zoho_link',
        workshopSku: 'WIFI7-LIVE',
        batchId: 'B-JAN',
        discountCode: null,
        billing,
        client: { address: '127.0.0.1', network: '127.0.0.1' },
      },
    );
  });

  /** Everything a refused call must leave as it was. */
  const footprint = async () => {
    const db = env.database.handle.db;
    const rows = async (table: typeof orders | typeof zohoContacts | typeof appliedDiscounts) =>
      (await db.select({ n: count() }).from(table))[0]!.n;
    const [seats] = await db.select({ taken: sum(batches.seatsTaken) }).from(batches);
    return {
      orders: await rows(orders),
      zohoContacts: await rows(zohoContacts),
      appliedDiscounts: await rows(appliedDiscounts),
      leads: (await db.select({ n: count() }).from(leads))[0]!.n,
      waitlistPlaces: (await db.select({ n: count() }).from(waitlistPlaces))[0]!.n,
      seatsTaken: Number(seats?.taken ?? 0),
      paypalRequests: env.stack.emulators.paypal.requests.list().length,
      zohoRequests: env.stack.emulators.zoho.requests.list().length,
      zohoContactsAtZoho: env.stack.emulators.zoho.contacts.all().length,
      mails: env.stack.emulators.inbox.list(holder.email).length,
    };
  };

  it.each(signedInCalls)(
    'refuses %s with 403 and changes nothing',
    async (_name, method, path, body) => {
      const before = await footprint();
      const response = await fetch(`${env.stack.appUrl}${path(holder.email)}`, {
        method,
        headers: {
          authorization: `Bearer ${holder.idToken}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body(holder.email)) : undefined,
      });
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: expect.stringMatching(/e-mail address/) as unknown,
      });
      expect(await footprint()).toEqual(before);
    },
  );
});
