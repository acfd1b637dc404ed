/**
 * The seller's catalog tool. Works on the database the environment names
 * (DATABASE_URL, or the embedded PGlite folder when unset).
 *
 *   npm run catalog -- load [file]
 *   npm run catalog -- list
 *   npm run catalog -- batch open|close <batchId>
 *   npm run catalog -- discount create <CODE> --percent 10 [--sku SKU] [--from ISO] [--until ISO] [--max-uses N]
 *   npm run catalog -- discount list
 *   npm run catalog -- discount disable <CODE>
 */
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { formatMinor } from '@wifi7/contract';
import { withDatabase } from './database';
import { findRepositoryRoot } from '../lib/repository-root';
import { loadCatalog, readCatalogFile } from '../modules/catalog/catalog-file';
import {
  createDiscountCode,
  disableDiscountCode,
  listBatches,
  listDiscountCodes,
  listPrices,
  setBatchStatus,
  workshopExists,
} from '../modules/catalog/repository';

const defaultCatalogFile = path.join(findRepositoryRoot(), 'catalog', 'catalog.json');

class UserError extends Error {}

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
  return parsed;
};

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
      console.table(
        (await listBatches(db)).map((batch) => ({
          batch: batch.id,
          workshop: batch.workshopSku,
          starts: batch.startsOn,
          status: batch.status,
          seats: `${batch.seatsTaken}/${batch.seatCapacity}`,
          description: batch.description,
        })),
      );
      console.table(
        (await listPrices(db)).map((price) => ({
          workshop: price.workshopSku,
          currency: price.currency,
          price: formatMinor(price.amountMinor),
        })),
      );
    });
  });

const batch = program.command('batch').description('Open or close a batch for registration.');
for (const status of ['open', 'closed'] as const) {
  batch
    .command(status === 'open' ? 'open' : 'close')
    .argument('<batchId>')
    .description(status === 'open' ? 'Offer the batch again.' : 'Stop offering the batch.')
    .action(async (batchId: string) => {
      const changed = await withDatabase(({ db }) => setBatchStatus(db, batchId, status));
      if (!changed) throw new UserError(`No batch with id ${batchId} (see \`catalog list\`).`);
      console.log(`Batch ${batchId} is now ${status}.`);
    });
}

const discount = program
  .command('discount')
  .description('Create, list and disable discount codes.');
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
      options: { percent: number; sku?: string; from?: Date; until?: Date; maxUses?: number },
    ) => {
      if (!/^[A-Za-z0-9_-]{3,32}$/.test(code)) {
        throw new UserError('A code has 3 to 32 letters, digits, _ or -.');
      }
      if (options.from && options.until && options.from >= options.until) {
        throw new UserError('--until must be after --from.');
      }
      const result = await withDatabase(async ({ db }) => {
        if (options.sku && !(await workshopExists(db, options.sku))) {
          throw new UserError(`No workshop with SKU ${options.sku}.`);
        }
        return createDiscountCode(db, {
          code,
          percent: options.percent,
          workshopSku: options.sku ?? null,
          validFrom: options.from ?? null,
          validUntil: options.until ?? null,
          maxUses: options.maxUses ?? null,
        });
      });
      if (result === 'exists')
        throw new UserError(`The code ${code.toUpperCase()} already exists.`);
      console.log(`Created ${code.toUpperCase()}: ${options.percent}% off.`);
    },
  );

discount
  .command('list')
  .description('Show every discount code and how often it was used.')
  .action(async () => {
    const codes = await withDatabase(({ db }) => listDiscountCodes(db));
    console.table(
      codes.map((code) => ({
        code: code.code,
        percent: code.percent,
        workshop: code.workshopSku ?? 'any',
        from: code.validFrom?.toISOString() ?? '',
        until: code.validUntil?.toISOString() ?? '',
        uses: code.maxUses === null ? `${code.uses}` : `${code.uses}/${code.maxUses}`,
        active: code.active,
      })),
    );
  });

discount
  .command('disable')
  .argument('<code>')
  .description('Stop accepting a code (orders that used it keep their price).')
  .action(async (code: string) => {
    const changed = await withDatabase(({ db }) => disableDiscountCode(db, code));
    if (!changed) throw new UserError(`No discount code ${code.toUpperCase()}.`);
    console.log(`Disabled ${code.toUpperCase()}.`);
  });

program.parseAsync().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
