/**
 * The seller's catalog file (catalog/catalog.json): workshops, their prices
 * per currency, their batches, and optional discount codes. `loadCatalog`
 * writes it into the database idempotently, in one transaction: running it
 * twice changes nothing, and it never touches seats taken or codes used.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  composeBatchDescription,
  DEFAULT_SESSION_MINUTES,
  expandWeeklySchedule,
  regionOfDescription,
  sessionDate,
  sessionProblems,
  parseAmount,
  SESSIONS_PER_BATCH,
  weekdaySchema,
  type Weekday,
} from '@wifi7/contract';
import { z } from 'zod';
import type { Database } from '../db/client';
import { batches, discountCodes, workshops } from '../db/schema';
import { upsert } from '../db/upsert';
import { JsonFileError, readCheckedJsonFile } from '../lib/json-file';
import { setPrice } from './price-admin';

const sku = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'letters, digits, . _ -');
/** A price as the seller writes it, e.g. "499.00". */
const amount = z
  .string()
  .refine(
    (text) => parseAmount(text) !== null,
    'a decimal amount with up to two decimals, e.g. "499.00"',
  );

const weeklySchedule = z
  .object({
    weekdays: z.array(weekdaySchema).min(1).max(7),
    startTime: z.string().regex(/^\d{2}:\d{2}$/, 'a time of day such as "09:00"'),
  })
  .strict();

/**
 * A batch gives its 15 sessions either as a list of Pacific wall-clock
 * times or as a weekly schedule from `startsOn`, and a description whose
 * dates and timing are those of its sessions (only the region is free).
 */
const batchEntry = z
  .object({
    id: sku,
    description: z
      .string()
      .trim()
      .regex(
        /^.+ -- .+$/,
        'the form "dates (region) -- timing", e.g. "Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time"',
      ),
    startsOn: z.iso.date().optional(),
    sessions: z.array(z.string()).optional(),
    schedule: weeklySchedule.optional(),
    sessionMinutes: z.number().int().min(15).max(480).default(DEFAULT_SESSION_MINUTES),
    seatCapacity: z.number().int().min(0).max(10_000),
    status: z.enum(['open', 'closed']).default('open'),
  })
  .strict()
  .superRefine((batch, ctx) => {
    const refuse = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message });
    if (Boolean(batch.sessions) === Boolean(batch.schedule)) {
      return refuse(
        'sessions',
        `give the ${SESSIONS_PER_BATCH} sessions as "sessions" or as a "schedule", one of the two`,
      );
    }
    if (batch.schedule && !batch.startsOn)
      return refuse('startsOn', 'a schedule starts on "startsOn"');
    const sessions = sessionStartsOf(batch);
    const problems = sessionProblems(sessions, batch.sessionMinutes);
    for (const problem of problems) refuse(batch.sessions ? 'sessions' : 'schedule', problem);
    if (problems.length > 0) return;
    if (batch.sessions && batch.startsOn && batch.startsOn !== sessionDate(sessions[0]!)) {
      refuse('startsOn', `the first session is on ${sessionDate(sessions[0]!)}`);
    }
    const expected = composeBatchDescription(
      regionOfDescription(batch.description),
      sessions,
      batch.sessionMinutes,
    );
    if (expected !== batch.description) {
      refuse('description', `does not agree with the sessions; it should read "${expected}"`);
    }
  });

/** A batch's session starts, listed or expanded from its weekly schedule. */
export function sessionStartsOf(batch: {
  sessions?: string[] | undefined;
  schedule?: { weekdays: Weekday[]; startTime: string } | undefined;
  startsOn?: string | undefined;
}): string[] {
  if (batch.sessions) return batch.sessions;
  if (!batch.schedule || !batch.startsOn) return [];
  return expandWeeklySchedule({
    startsOn: batch.startsOn,
    weekdays: batch.schedule.weekdays,
    startTime: batch.schedule.startTime,
  });
}

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
    const refuse = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const skus = new Set<string>();
    const batchIds = new Set<string>();
    catalog.workshops.forEach((workshop, index) => {
      if (skus.has(workshop.sku)) refuse(['workshops', index, 'sku'], 'duplicate SKU');
      skus.add(workshop.sku);
      workshop.batches.forEach((batch, batchIndex) => {
        if (batchIds.has(batch.id)) {
          refuse(['workshops', index, 'batches', batchIndex, 'id'], 'duplicate batch id');
        }
        batchIds.add(batch.id);
      });
    });
    catalog.discountCodes.forEach((code, index) => {
      if (code.workshopSku && !skus.has(code.workshopSku)) {
        refuse(['discountCodes', index, 'workshopSku'], `no workshop with SKU ${code.workshopSku}`);
      }
    });
  });

export type CatalogFile = z.infer<typeof catalogFileSchema>;

export function readCatalogFile(file: string): CatalogFile {
  return readCheckedJsonFile(file, catalogFileSchema, 'catalog');
}

/** Answers how many workshops, batches and discount codes the file held. */
export async function loadCatalog(db: Database, catalog: CatalogFile) {
  await db.transaction(async (tx) => {
    for (const [position, workshop] of catalog.workshops.entries()) {
      const { sku, name, active } = workshop;
      await upsert(tx, workshops, ['sku'], { sku, name, position, active });
      for (const currency of ['USD', 'INR'] as const) {
        // The schema has refused any text that is not an amount.
        await setPrice(tx, sku, currency, parseAmount(workshop.prices[currency])!);
      }
      for (const batch of workshop.batches) {
        const sessionStarts = sessionStartsOf(batch);
        // Seats taken are never in what the file sets.
        await upsert(tx, batches, ['id'], {
          id: batch.id,
          workshopSku: sku,
          description: batch.description,
          startsOn: sessionDate(sessionStarts[0]!),
          sessionStarts,
          sessionMinutes: batch.sessionMinutes,
          seatCapacity: batch.seatCapacity,
          status: batch.status,
        });
      }
    }
    for (const code of catalog.discountCodes) {
      await upsert(tx, discountCodes, ['code'], {
        code: code.code.toUpperCase(),
        percent: code.percent,
        workshopSku: code.workshopSku ?? null,
        validFrom: code.validFrom ? new Date(code.validFrom) : null,
        validUntil: code.validUntil ? new Date(code.validUntil) : null,
        maxUses: code.maxUses ?? null,
        active: code.active,
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
export async function seedCatalogIfEmpty(db: Database, file: string) {
  if ((await db.$count(workshops)) > 0) return null;
  return loadCatalog(db, readCatalogFile(file));
}

/**
 * Gives the sessions the catalog file lists, and the description that
 * agrees with them, to batches that have none yet: those a database held
 * before batches kept their sessions. Only an empty list is filled, in one
 * conditional update per batch, so a seller's later edit is never
 * overwritten and instances starting together fill each batch once.
 * Batches the file does not name keep an empty list; the back office shows
 * them as needing their sessions.
 */
async function fillMissingSessions(db: Database, catalog: CatalogFile): Promise<string[]> {
  const filled: string[] = [];
  for (const workshop of catalog.workshops) {
    for (const batch of workshop.batches) {
      const sessionStarts = sessionStartsOf(batch);
      const updated = await db
        .update(batches)
        .set({
          sessionStarts,
          sessionMinutes: batch.sessionMinutes,
          description: batch.description,
          startsOn: sessionDate(sessionStarts[0]!),
          updatedAt: sql`now()`,
        })
        .where(and(eq(batches.id, batch.id), sql`${batches.sessionStarts} = '[]'::jsonb`))
        .returning({ id: batches.id });
      filled.push(...updated.map((row) => row.id));
    }
  }
  return filled;
}

/** Whether any batch still has no sessions (the catalog file is read only then). */
async function hasBatchesWithoutSessions(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(sql`${batches.sessionStarts} = '[]'::jsonb`)
    .limit(1);
  return row !== undefined;
}

export type SessionFill =
  | { outcome: 'nothing-missing' }
  | { outcome: 'filled'; batchIds: string[] }
  | { outcome: 'file-unreadable'; problem: string };

/**
 * At start: fills missing sessions from the catalog file, when any batch
 * lacks them. A broken file does not stop the site; the seller can still
 * set the sessions in the back office.
 */
export async function fillMissingSessionsFromFile(
  db: Database,
  file: string,
): Promise<SessionFill> {
  if (!(await hasBatchesWithoutSessions(db))) return { outcome: 'nothing-missing' };
  let catalog: CatalogFile;
  try {
    catalog = readCatalogFile(file);
  } catch (error) {
    if (error instanceof JsonFileError)
      return { outcome: 'file-unreadable', problem: error.message };
    throw error;
  }
  return { outcome: 'filled', batchIds: await fillMissingSessions(db, catalog) };
}
