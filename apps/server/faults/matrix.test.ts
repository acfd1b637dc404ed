/**
 * The fault matrix (`npm run test:faults`): each journey a buyer takes
 * that needs a provider, under each fault that provider can have. A cell
 * passes when no order was lost, no order ever had more than one object
 * the buyer could pay, and the journey finished once the fault was lifted
 * (or the order was deliberately flagged for the seller). The table of
 * every cell is printed at the end and kept in faults/last-run.md.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { brokenCell, runCell, type CellResult } from './cells';
import { FAULT_TITLES, FAULTS } from './faults';
import { JOURNEYS } from './journeys';
import { publishTable } from './table';
import { useWorld } from './world';

describe('the fault matrix', () => {
  const world = useWorld();
  const results: CellResult[] = [];
  afterAll(() => publishTable(results, new URL('./last-run.md', import.meta.url)));

  for (const journey of JOURNEYS) {
    for (const fault of FAULTS) {
      it(`${journey.title} × ${FAULT_TITLES[fault]}`, async () => {
        let result: CellResult;
        try {
          result = await runCell(world, journey, fault);
        } catch (error) {
          results.push(brokenCell(journey, fault, error));
          throw error;
        }
        results.push(result);
        expect(result.problems).toEqual([]);
      });
    }
  }
});
