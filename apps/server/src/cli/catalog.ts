/**
 * The seller's catalog tool. Works on the database the environment names
 * (DATABASE_URL, or the embedded PGlite folder when unset), through the
 * same services and checks as the back office, and every change is in the
 * audit log as made from the command line.
 *
 *   npm run catalog -- load [file]
 *   npm run catalog -- list
 *   npm run catalog -- batch show <batchId>
 *   npm run catalog -- batch open|close <batchId>
 *   npm run catalog -- batch capacity <batchId> <seats>
 *   npm run catalog -- batch sessions <batchId> --from 2027-01-12 --days Tue,Thu --at 09:00 [--minutes 120]
 *   npm run catalog -- price set <SKU> --usd 499.00 --inr 41299.00
 *   npm run catalog -- discount create <CODE> --percent 10 [--sku SKU] [--from ISO] [--until ISO] [--max-uses N]
 *   npm run catalog -- discount list
 *   npm run catalog -- discount disable|enable <CODE>
 */
import os from 'node:os';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import {
  describeSession,
  expandWeeklySchedule,
  formatMinor,
  parseAmount,
  sellerBatchUpdateRequestSchema,
  sellerDiscountCodeCreateRequestSchema,
  sellerPricesRequestSchema,
  weekdaySchema,
  type SellerBatch,
} from '@wifi7/contract';
import { z } from 'zod';
import { withDatabase } from './database';
import { runCli, UsageError } from './run';
import { findRepositoryRoot } from '../lib/repository-root';
import {
  findSellerBatch,
  listBatchesForSeller,
  setBatchStatus,
  updateBatch,
  type BatchChanges,
} from '../inventory/batch-admin';
import { loadCatalog, readCatalogFile } from '../catalog/catalog-file';
import {
  createDiscountCode,
  listDiscountCodesForSeller,
  setDiscountCodeActive,
} from '../catalog/discount-admin';
import { listPricesForSeller, setWorkshopPrices } from '../catalog/price-admin';
import type { Database } from '../db/client';

const defaultCatalogFile = path.join(findRepositoryRoot(), 'catalog', 'catalog.json');

/** How the audit log names a change made here. */
const actor = `command line (${os.userInfo().username})`;

const integer = (name: string, min: number, max: number) => (value: string) => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return parsed;
};
const instant = (value: string) => {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) {
    throw new InvalidArgumentError('Give a date such as 2027-01-31 or 2027-01-31T08:00:00Z.');
  }
  return parsed.toISOString();
};
const amount = (value: string) => {
  const minor = parseAmount(value);
  if (minor === null) throw new InvalidArgumentError('Give an amount such as 499.00.');
  return minor;
};

/** Checks input with the back office's own request schema, so both refuse the same things. */
function checked<T extends z.core.$ZodType>(schema: T, input: unknown): z.output<T> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  throw new UsageError(
    result.error.issues
      .map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`)
      .join('\n'),
  );
}

async function existingBatch(db: Database, batchId: string): Promise<SellerBatch> {
  const batch = await findSellerBatch(db, batchId);
  if (!batch) throw new UsageError(`No batch with id ${batchId} (see \`catalog list\`).`);
  return batch;
}

/** A batch's editable fields as they are, with some changed. */
function batchChanges(batch: SellerBatch, changes: Partial<BatchChanges>): BatchChanges {
  return checked(sellerBatchUpdateRequestSchema, {
    region: batch.region,
    sessionStarts: batch.sessionStarts,
    sessionMinutes: batch.sessionMinutes,
    seatCapacity: batch.seatCapacity,
    status: batch.status,
    ...changes,
  });
}

function printBatch(batch: SellerBatch) {
  console.log(`${batch.id} (${batch.workshopSku}), ${batch.status}: ${batch.description}`);
  console.log(
    `Seats: ${batch.seats.sold} sold, ${batch.seats.held} held, ${batch.seats.free} free of ${batch.seatCapacity}.`,
  );
  if (batch.sessionStarts.length === 0) {
    console.log('No sessions yet: set them with `catalog batch sessions` or in the back office.');
    return;
  }
  console.table(
    batch.sessionStarts.map((start, index) => {
      const { day, time } = describeSession(start);
      return { session: index + 1, day, 'starts (Pacific Time)': time };
    }),
  );
}

const program = new Command('catalog')
  .description('Manage the workshop catalog: batches, prices and discount codes.')
  .showHelpAfterError();

program
  .command('load')
  .description('Load the catalog file into the database (idempotent).')
  .argument('[file]', 'catalog file', defaultCatalogFile)
  .action(async (file: string) => {
    const catalog = readCatalogFile(path.resolve(file));
    const summary = await withDatabase((handle) => loadCatalog(handle.db, catalog));
    console.log(
      `Loaded ${summary.workshops} workshop(s), ${summary.batches} batch(es) and ${summary.discountCodes} discount code(s).`,
    );
  });

program
  .command('list')
  .description('Show batches with their seats, and prices.')
  .action(async () => {
    await withDatabase(async ({ db }) => {
      const { batches } = await listBatchesForSeller(db);
      console.table(
        batches.map((batch) => ({
          batch: batch.id,
          workshop: batch.workshopSku,
          starts: batch.startsOn,
          status: batch.status,
          sold: batch.seats.sold,
          held: batch.seats.held,
          free: batch.seats.free,
          capacity: batch.seatCapacity,
          sessions: batch.sessionStarts.length,
          description: batch.description,
        })),
      );
      const { workshops } = await listPricesForSeller(db);
      console.table(
        workshops.map((workshop) => ({
          workshop: workshop.sku,
          USD: workshop.prices.USD === null ? '' : formatMinor(workshop.prices.USD),
          INR: workshop.prices.INR === null ? '' : formatMinor(workshop.prices.INR),
        })),
      );
    });
  });

const batch = program.command('batch').description('See and change a batch.');

batch
  .command('show')
  .argument('<batchId>')
  .description('Show a batch with its seats and its sessions in Pacific Time.')
  .action(async (batchId: string) => {
    printBatch(await withDatabase(({ db }) => existingBatch(db, batchId)));
  });

for (const status of ['open', 'closed'] as const) {
  batch
    .command(status === 'open' ? 'open' : 'close')
    .argument('<batchId>')
    .option('--note <text>', 'why, for the audit log')
    .description(status === 'open' ? 'Offer the batch again.' : 'Stop offering the batch.')
    .action(async (batchId: string, options: { note?: string }) => {
      const changed = await withDatabase(async ({ db }) => {
        await existingBatch(db, batchId);
        return setBatchStatus(db, actor, batchId, status, options.note);
      });
      console.log(`Batch ${changed.id} is now ${changed.status}.`);
    });
}

batch
  .command('capacity')
  .argument('<batchId>')
  .argument('<seats>', 'seats in the batch', integer('seats', 0, 10_000))
  .description('Change how many seats a batch has (never below those sold or held).')
  .action(async (batchId: string, seats: number) => {
    const changed = await withDatabase(async ({ db }) =>
      updateBatch(
        db,
        actor,
        batchId,
        batchChanges(await existingBatch(db, batchId), { seatCapacity: seats }),
      ),
    );
    console.log(
      `Batch ${changed.id} has ${changed.seatCapacity} seats; ${changed.seats.free} are free.`,
    );
  });

batch
  .command('sessions')
  .argument('<batchId>')
  .requiredOption('--from <date>', 'first day a session may fall on, e.g. 2027-01-12')
  .requiredOption('--days <weekdays>', 'weekdays, e.g. Tue,Thu')
  .requiredOption('--at <time>', 'start time in Pacific Time, e.g. 09:00')
  .option('--minutes <n>', 'length of each session', integer('--minutes', 15, 480))
  .description('Set the 15 sessions from a weekly schedule; the description follows them.')
  .action(
    async (
      batchId: string,
      options: { from: string; days: string; at: string; minutes?: number },
    ) => {
      const weekdays = options.days.split(',').map((day) => {
        const parsed = weekdaySchema.safeParse(day.trim());
        if (!parsed.success) throw new UsageError(`--days: ${day} is not one of Mon … Sun.`);
        return parsed.data;
      });
      let sessionStarts: string[];
      try {
        sessionStarts = expandWeeklySchedule({
          startsOn: options.from,
          weekdays,
          startTime: options.at,
        });
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const changed = await withDatabase(async ({ db }) => {
        const current = await existingBatch(db, batchId);
        return updateBatch(
          db,
          actor,
          batchId,
          batchChanges(current, {
            sessionStarts,
            sessionMinutes: options.minutes ?? current.sessionMinutes,
          }),
        );
      });
      printBatch(changed);
    },
  );

program
  .command('price')
  .description("Change a workshop's prices.")
  .command('set')
  .argument('<sku>')
  .requiredOption('--usd <amount>', 'price in US dollars, e.g. 499.00', amount)
  .requiredOption('--inr <amount>', 'price in rupees, e.g. 41299.00', amount)
  .description('Set the price in both currencies (orders placed earlier keep theirs).')
  .action(async (sku: string, options: { usd: number; inr: number }) => {
    const prices = checked(sellerPricesRequestSchema, { USD: options.usd, INR: options.inr });
    const changed = await withDatabase(({ db }) => setWorkshopPrices(db, actor, sku, prices));
    console.log(
      `${changed.sku}: USD ${formatMinor(changed.prices.USD ?? 0)}, INR ${formatMinor(changed.prices.INR ?? 0)}.`,
    );
  });

const discount = program
  .command('discount')
  .description('Create, list, disable and enable discount codes.');
discount
  .command('create')
  .argument('<code>', '3 to 32 letters, digits, _ or -; buyers may type it in any case')
  .requiredOption('--percent <n>', 'percent off, 1 to 99', integer('--percent', 1, 99))
  .option('--sku <sku>', 'only for this workshop')
  .option('--from <date>', 'valid from (ISO date or time)', instant)
  .option('--until <date>', 'valid until, exclusive (ISO date or time)', instant)
  .option('--max-uses <n>', 'how many orders may use it', integer('--max-uses', 1, 1_000_000))
  .description('Create a discount code.')
  .action(
    async (
      code: string,
      options: { percent: number; sku?: string; from?: string; until?: string; maxUses?: number },
    ) => {
      const input = checked(sellerDiscountCodeCreateRequestSchema, {
        code,
        percent: options.percent,
        workshopSku: options.sku ?? null,
        validFrom: options.from ?? null,
        validUntil: options.until ?? null,
        maxUses: options.maxUses ?? null,
      });
      const created = await withDatabase(({ db }) => createDiscountCode(db, actor, input));
      console.log(`Created ${created.code}: ${created.percent}% off.`);
    },
  );

discount
  .command('list')
  .description('Show every discount code and how often it was used.')
  .action(async () => {
    const { codes } = await withDatabase(({ db }) => listDiscountCodesForSeller(db));
    console.table(
      codes.map((code) => ({
        code: code.code,
        percent: code.percent,
        workshop: code.workshopSku ?? 'any',
        from: code.validFrom ?? '',
        until: code.validUntil ?? '',
        uses: code.maxUses === null ? `${code.uses}` : `${code.uses}/${code.maxUses}`,
        now: code.availability,
      })),
    );
  });

for (const state of ['disable', 'enable'] as const) {
  discount
    .command(state)
    .argument('<code>')
    .option('--note <text>', 'why, for the audit log')
    .description(
      state === 'disable'
        ? 'Stop accepting a code (orders that used it keep their price).'
        : 'Accept a disabled code again.',
    )
    .action(async (code: string, options: { note?: string }) => {
      const changed = await withDatabase(({ db }) =>
        setDiscountCodeActive(db, actor, code, state === 'enable', options.note),
      );
      console.log(`${changed.code} is ${changed.active ? 'enabled' : 'disabled'}.`);
    });
}

runCli(program);
