import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepositoryRoot } from '../../lib/repository-root';
import { parseMajorAmount } from './amounts';
import { catalogFileSchema, readCatalogFile } from './catalog-file';

describe('the catalog file', () => {
  it('ships a valid sample catalog', () => {
    const catalog = readCatalogFile(path.join(findRepositoryRoot(), 'catalog', 'catalog.json'));
    expect(catalog.workshops.length).toBeGreaterThan(0);
    for (const workshop of catalog.workshops) {
      for (const batch of workshop.batches) {
        expect(batch.description).toMatch(/ -- .*Pacific Time$/);
      }
    }
  });

  it('reports duplicate ids, bad amounts and unknown SKUs', () => {
    const result = catalogFileSchema.safeParse({
      workshops: [
        {
          sku: 'A',
          name: 'A',
          prices: { USD: '10.999', INR: '5' },
          batches: [
            { id: 'X', description: 'd -- t', startsOn: '2027-01-01', seatCapacity: 1 },
            { id: 'X', description: 'no separator', startsOn: '2027-01-01', seatCapacity: 1 },
          ],
        },
      ],
      discountCodes: [{ code: 'ABC', percent: 100, workshopSku: 'B' }],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'workshops.0.prices.USD',
        'workshops.0.batches.1.description',
        'workshops.0.batches.1.id',
        'discountCodes.0.percent',
        'discountCodes.0.workshopSku',
      ]),
    );
  });
});

describe('parseMajorAmount', () => {
  it('converts decimal text to minor units exactly', () => {
    expect(parseMajorAmount('499.00')).toBe(49_900);
    expect(parseMajorAmount('16999.5')).toBe(1_699_950);
    expect(parseMajorAmount('0.29')).toBe(29);
    expect(() => parseMajorAmount('1.234')).toThrow(RangeError);
    expect(() => parseMajorAmount('-1')).toThrow(RangeError);
  });
});
