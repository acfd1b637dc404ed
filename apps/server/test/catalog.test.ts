import { apiRoutes, type PricingResponse } from '@wifi7/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, discountCodes } from '../src/db/schema';
import { loadCatalog } from '../src/catalog/catalog-file';
import { buildTestApp } from './support/app';
import { signInWithEmailLink, uniqueEmail } from './support/auth-emulator';
import { loadTestCatalog, testCatalog } from './support/catalog';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

describe.each(databaseKinds)('catalog and pricing on %s', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let idToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await loadTestCatalog(database.handle.db);
    const db = database.handle.db;
    await db.update(batches).set({ seatsTaken: 2 }).where(eq(batches.id, 'B-FULL'));
    await db.update(discountCodes).set({ uses: 2 }).where(eq(discountCodes.code, 'GONE'));
    app = await buildTestApp(database.handle);
    ({ idToken } = await signInWithEmailLink(uniqueEmail()));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  describe('GET workshop-list', () => {
    it('needs a signed-in user', async () => {
      const response = await app.inject({ url: apiRoutes.workshopList });
      expect(response.statusCode).toBe(401);
    });

    it('lists active workshops with open, not-full batches in date order', async () => {
      const response = await app.inject({
        url: apiRoutes.workshopList,
        headers: { authorization: `Bearer ${idToken}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        availableWorkshops: [
          {
            productSku: 'WIFI7-LIVE',
            productName: 'Wi-Fi 7 Live Online Workshop',
            batchDetails: [
              {
                batchId: 'B-JAN',
                batchDescription:
                  'Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
              },
              {
                batchId: 'B-APR',
                batchDescription:
                  'Apr 6 - May 25, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
              },
            ],
          },
          { productSku: 'WIFI6-LAB', productName: 'Wi-Fi 6 Lab', batchDetails: [] },
        ],
      });
    });

    it('loading the catalog again changes nothing and keeps seats taken', async () => {
      await loadCatalog(database.handle.db, testCatalog);
      const [full] = await database.handle.db
        .select()
        .from(batches)
        .where(eq(batches.id, 'B-FULL'));
      expect(full?.seatsTaken).toBe(2);
      const [gone] = await database.handle.db
        .select()
        .from(discountCodes)
        .where(eq(discountCodes.code, 'GONE'));
      expect(gone?.uses).toBe(2);
    });
  });

  describe('POST pricing', () => {
    const price = async (body: Record<string, unknown>) => {
      const response = await app.inject({ method: 'POST', url: apiRoutes.pricing, payload: body });
      return { status: response.statusCode, body: response.json() as PricingResponse };
    };
    const base = { productSkus: ['WIFI7-LIVE'], countryCode: 'US', discountCode: null };

    it('prices in USD for the world and INR for India, without signing in', async () => {
      expect((await price(base)).body).toEqual({
        success: true,
        message: 'Prices retrieved.',
        prices: [{ productSku: 'WIFI7-LIVE', price: 499, currency: 'USD', discount: 0 }],
      });
      const india = await price({ ...base, countryCode: 'in' });
      expect(india.body.prices[0]).toEqual({
        productSku: 'WIFI7-LIVE',
        price: 41299,
        currency: 'INR',
        discount: 0,
      });
      expect((await price({ ...base, countryCode: 'DE' })).body.prices[0]?.currency).toBe('USD');
    });

    it('keeps cents exact', async () => {
      const response = await price({ ...base, productSkus: ['WIFI6-LAB'], countryCode: 'IN' });
      expect(response.body.prices[0]?.price).toBe(16999.5);
    });

    it('applies a code case-insensitively after trimming', async () => {
      const response = await price({ ...base, discountCode: '  save10 ' });
      expect(response.body).toEqual({
        success: true,
        message: 'Discount code applied.',
        prices: [{ productSku: 'WIFI7-LIVE', price: 499, currency: 'USD', discount: 10 }],
      });
    });

    it('treats a blank code as no code', async () => {
      expect((await price({ ...base, discountCode: '   ' })).body.success).toBe(true);
    });

    it.each([
      ['unknown', 'NOPE', 'This discount code does not exist.'],
      ['expired', 'old', 'This discount code has expired.'],
      ['not yet valid', 'LATER', 'This discount code is not valid yet.'],
      ['used up', 'GONE', 'This discount code has already been used the maximum number of times.'],
      ['disabled', 'OFF', 'This discount code is no longer valid.'],
      ['for another workshop', 'LAB15', 'This discount code does not apply to this workshop.'],
    ])(
      'refuses a code that is %s, with the price without discount',
      async (_case, code, message) => {
        const response = await price({ ...base, discountCode: code });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          success: false,
          message,
          prices: [{ productSku: 'WIFI7-LIVE', price: 499, currency: 'USD', discount: 0 }],
        });
      },
    );

    it('applies a workshop-only code to that workshop only', async () => {
      const response = await price({
        ...base,
        productSkus: ['WIFI7-LIVE', 'WIFI6-LAB'],
        discountCode: 'lab15',
      });
      expect(response.body.success).toBe(true);
      expect(response.body.prices.map((entry) => [entry.productSku, entry.discount])).toEqual([
        ['WIFI7-LIVE', 0],
        ['WIFI6-LAB', 15],
      ]);
    });

    it.each([
      ['an unknown SKU', { ...base, productSkus: ['NOPE'] }, /Unknown product SKU: NOPE/],
      [
        'an inactive workshop',
        { ...base, productSkus: ['RETIRED'] },
        /Unknown product SKU: RETIRED/,
      ],
      ['no SKUs', { ...base, productSkus: [] }, /not valid/],
      ['a bad country', { ...base, countryCode: 'USA' }, /not valid/],
      ['a missing discount field', { productSkus: ['WIFI7-LIVE'], countryCode: 'US' }, /not valid/],
      ['a price from the browser', { ...base, price: 1 }, /not valid/],
    ])('answers 400 for %s', async (_case, body, message) => {
      const response = await app.inject({ method: 'POST', url: apiRoutes.pricing, payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    });
  });
});
