/**
 * The seller's catalog file (catalog/catalog.json): workshops, their prices
 * per currency, their batches, and optional discount codes. `loadCatalog`
 * writes it into the database idempotently, in one transaction: running it
 * twice changes nothing, and it never touches seats taken or codes used.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { batches, discountCodes, prices, workshops } from '../../db/schema';
import { parseMajorAmount } from './amounts';

const sku = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'letters, digits, . _ -');
const amount = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/, 'a decimal amount with up to two decimals, e.g. "499.00"');

const batchEntry = z
  .object({
    id: sku,
    description: z
      .string()
      .trim()
      .regex(
        /^.+ -- .+$/,
        'the form "dates -- timing", e.g. "Jan 12 - Feb 25, 2027 (Americas) -- 9 to 11 AM Pacific Time"',
      ),
    startsOn: z.iso.date(),
    seatCapacity: z.number().int().min(0).max(10_000),
    status: z.enum(['open', 'closed']).default('open'),
  })
  .strict();

const workshopEntry = z
  .object({
    sku,
    name: z.string().trim().min(1).max(200),
    active: z.boolean().default(true),
    prices: z.object({ USD: amount, INR: amount }).strict(),
    batches: z.array(batchEntry),
  })
  .strict();

const discountEntry = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,32}$/, '3 to 32 letters, digits, _ or -'),
    percent: z.number().int().min(1).max(99),
    workshopSku: sku.optional(),
    validFrom: z.iso.datetime({ offset: true }).optional(),
    validUntil: z.iso.datetime({ offset: true }).optional(),
    maxUses: z.number().int().min(1).optional(),
    active: z.boolean().default(true),
  })
  .strict();

export const catalogFileSchema = z
  .object({
    $comment: z.string().optional(),
    workshops: z.array(workshopEntry).min(1),
    discountCodes: z.array(discountEntry).default([]),
  })
  .strict()
  .superRefine((catalog, ctx) => {
    const skus = new Set<string>();
    const batchIds = new Set<string>();
    catalog.workshops.forEach((workshop, index) => {
      if (skus.has(workshop.sku)) {
        ctx.addIssue({
          code: 'custom',
          path: ['workshops', index, 'sku'],
          message: 'duplicate SKU',
        });
      }
      skus.add(workshop.sku);
      workshop.batches.forEach((batch, batchIndex) => {
        if (batchIds.has(batch.id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['workshops', index, 'batches', batchIndex, 'id'],
            message: 'duplicate batch id',
          });
        }
        batchIds.add(batch.id);
      });
    });
    catalog.discountCodes.forEach((code, index) => {
      if (code.workshopSku && !skus.has(code.workshopSku)) {
        ctx.addIssue({
          code: 'custom',
          path: ['discountCodes', index, 'workshopSku'],
          message: `no workshop with SKU ${code.workshopSku}`,
        });
      }
    });
  });

export type CatalogFile = z.infer<typeof catalogFileSchema>;

export class CatalogFileError extends Error {
  constructor(file: string, problems: string[]) {
    super(`The catalog file ${file} is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'CatalogFileError';
  }
}

export function readCatalogFile(file: string): CatalogFile {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CatalogFileError(file, [(error as Error).message]);
  }
  const parsed = catalogFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new CatalogFileError(
      file,
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`),
    );
  }
  return parsed.data;
}

export interface CatalogLoadSummary {
  workshops: number;
  batches: number;
  discountCodes: number;
}

export async function loadCatalog(db: Database, catalog: CatalogFile): Promise<CatalogLoadSummary> {
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db.transaction(async (tx) => {
    for (const [position, workshop] of catalog.workshops.entries()) {
      await tx
        .insert(workshops)
        .values({ sku: workshop.sku, name: workshop.name, position, active: workshop.active })
        .onConflictDoUpdate({
          target: workshops.sku,
          set: {
            name: excluded('name'),
            position: excluded('position'),
            active: excluded('active'),
            updatedAt: sql`now()`,
          },
        });
      for (const [currencyCode, text] of Object.entries(workshop.prices) as [
        'USD' | 'INR',
        string,
      ][]) {
        await tx
          .insert(prices)
          .values({
            workshopSku: workshop.sku,
            currency: currencyCode,
            amountMinor: parseMajorAmount(text),
          })
          .onConflictDoUpdate({
            target: [prices.workshopSku, prices.currency],
            set: { amountMinor: excluded('amount_minor'), updatedAt: sql`now()` },
          });
      }
      for (const batch of workshop.batches) {
        await tx
          .insert(batches)
          .values({
            id: batch.id,
            workshopSku: workshop.sku,
            description: batch.description,
            startsOn: batch.startsOn,
            seatCapacity: batch.seatCapacity,
            status: batch.status,
          })
          .onConflictDoUpdate({
            target: batches.id,
            set: {
              workshopSku: excluded('workshop_sku'),
              description: excluded('description'),
              startsOn: excluded('starts_on'),
              seatCapacity: excluded('seat_capacity'),
              status: excluded('status'),
              updatedAt: sql`now()`,
            },
          });
      }
    }
    for (const code of catalog.discountCodes) {
      const values = {
        code: code.code.toUpperCase(),
        percent: code.percent,
        workshopSku: code.workshopSku ?? null,
        validFrom: code.validFrom ? new Date(code.validFrom) : null,
        validUntil: code.validUntil ? new Date(code.validUntil) : null,
        maxUses: code.maxUses ?? null,
        active: code.active,
      };
      const { code: _key, ...changes } = values;
      await tx
        .insert(discountCodes)
        .values(values)
        .onConflictDoUpdate({
          target: discountCodes.code,
          set: { ...changes, updatedAt: sql`now()` },
        });
    }
  });
  return {
    workshops: catalog.workshops.length,
    batches: catalog.workshops.reduce((sum, workshop) => sum + workshop.batches.length, 0),
    discountCodes: catalog.discountCodes.length,
  };
}

/** Loads the catalog file when the database has no workshops yet (first start). */
export async function seedCatalogIfEmpty(
  db: Database,
  file: string,
): Promise<CatalogLoadSummary | null> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(workshops);
  if ((row?.count ?? 0) > 0) return null;
  return loadCatalog(db, readCatalogFile(file));
}
