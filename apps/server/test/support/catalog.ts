import type { Database } from '../../src/db/client';
import { catalogFileSchema, loadCatalog } from '../../src/catalog/catalog-file';

const tuesdayAndThursdayMornings = { weekdays: ['Tue', 'Thu'], startTime: '09:00' };
const mondayAndWednesdayEvenings = { weekdays: ['Mon', 'Wed'], startTime: '19:00' };

/** A small catalog for tests: two workshops, batches out of date order, several codes. */
export const testCatalog = catalogFileSchema.parse({
  workshops: [
    {
      sku: 'WIFI7-LIVE',
      name: 'Wi-Fi 7 Live Online Workshop',
      prices: { USD: '499.00', INR: '41299.00' },
      batches: [
        {
          id: 'B-APR',
          description: 'Apr 6 - May 25, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
          startsOn: '2027-04-06',
          schedule: tuesdayAndThursdayMornings,
          seatCapacity: 30,
        },
        {
          id: 'B-JAN',
          description: 'Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
          startsOn: '2027-01-12',
          schedule: tuesdayAndThursdayMornings,
          seatCapacity: 30,
        },
        {
          id: 'B-FULL',
          description: 'Feb 1 - Mar 22, 2027 (Asia) -- Mon & Wed, 7 to 9 PM Pacific Time',
          startsOn: '2027-02-01',
          schedule: mondayAndWednesdayEvenings,
          seatCapacity: 2,
        },
        {
          id: 'B-CLOSED',
          description: 'Mar 1 - Apr 19, 2027 (Asia) -- Mon & Wed, 7 to 9 PM Pacific Time',
          startsOn: '2027-03-01',
          schedule: mondayAndWednesdayEvenings,
          seatCapacity: 30,
          status: 'closed',
        },
      ],
    },
    {
      sku: 'WIFI6-LAB',
      name: 'Wi-Fi 6 Lab',
      prices: { USD: '199.99', INR: '16999.50' },
      batches: [],
    },
    {
      sku: 'RETIRED',
      name: 'Retired workshop',
      active: false,
      prices: { USD: '10.00', INR: '800.00' },
      batches: [
        {
          id: 'B-RETIRED',
          description: 'Jan 4 - Feb 5, 2027 (Americas) -- Mon, Wed & Fri, 9 to 11 AM Pacific Time',
          // Listed one by one, as a catalog file may give them.
          sessions: [
            '2027-01-04T09:00',
            '2027-01-06T09:00',
            '2027-01-08T09:00',
            '2027-01-11T09:00',
            '2027-01-13T09:00',
            '2027-01-15T09:00',
            '2027-01-18T09:00',
            '2027-01-20T09:00',
            '2027-01-22T09:00',
            '2027-01-25T09:00',
            '2027-01-27T09:00',
            '2027-01-29T09:00',
            '2027-02-01T09:00',
            '2027-02-03T09:00',
            '2027-02-05T09:00',
          ],
          seatCapacity: 5,
        },
      ],
    },
  ],
  discountCodes: [
    { code: 'SAVE10', percent: 10 },
    { code: 'LAB15', percent: 15, workshopSku: 'WIFI6-LAB' },
    { code: 'OLD', percent: 20, validUntil: '2020-01-01T00:00:00Z' },
    { code: 'LATER', percent: 20, validFrom: '2099-01-01T00:00:00Z' },
    { code: 'GONE', percent: 20, maxUses: 2 },
    { code: 'OFF', percent: 20, active: false },
  ],
});

export async function loadTestCatalog(db: Database): Promise<void> {
  await loadCatalog(db, testCatalog);
}
