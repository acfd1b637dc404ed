/**
 * The database schema. Drizzle generates the SQL migrations in ../../drizzle
 * from this file (`npm run db:generate -w @wifi7/server`). Money is always an
 * integer number of minor units (cents, paise).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ── Identity ────────────────────────────────────────────────────────────────

/** People who asked for a sign-in link: prospective students, one row per e-mail. */
export const leads = pgTable('leads', {
  email: text('email').primaryKey(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  timesSeen: integer('times_seen').notNull().default(1),
});

// ── Catalog ─────────────────────────────────────────────────────────────────

export const workshops = pgTable('workshops', {
  sku: text('sku').primaryKey(),
  name: text('name').notNull(),
  /** Order among workshops; the web app offers the first one. */
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const batchStatus = pgEnum('batch_status', ['open', 'closed']);

/** A dated cohort of a workshop. */
export const batches = pgTable(
  'batches',
  {
    id: text('id').primaryKey(),
    workshopSku: text('workshop_sku')
      .notNull()
      .references(() => workshops.sku),
    /** "dates -- timing", e.g. "Jan 13 - Mar 3, 2027 (US) -- 9 to 11 AM Pacific Time". */
    description: text('description').notNull(),
    /** First session; batches are listed in this order. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    status: batchStatus('status').notNull().default('open'),
    seatCapacity: integer('seat_capacity').notNull(),
    /** Seats held by open orders plus seats sold. */
    seatsTaken: integer('seats_taken').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('batches_capacity_nonnegative', sql`${table.seatCapacity} >= 0`),
    check(
      'batches_seats_within_capacity',
      sql`${table.seatsTaken} >= 0 and ${table.seatsTaken} <= ${table.seatCapacity}`,
    ),
  ],
);

export const currency = pgEnum('currency', ['USD', 'INR']);

export const prices = pgTable(
  'prices',
  {
    workshopSku: text('workshop_sku')
      .notNull()
      .references(() => workshops.sku),
    currency: currency('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workshopSku, table.currency] }),
    check('prices_amount_nonnegative', sql`${table.amountMinor} >= 0`),
  ],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    /** Stored upper-case; buyers' input is trimmed and compared case-insensitively. */
    code: text('code').primaryKey(),
    percent: integer('percent').notNull(),
    /** Only for this workshop when set. */
    workshopSku: text('workshop_sku').references(() => workshops.sku),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** No limit when null. */
    maxUses: integer('max_uses'),
    /** Uses held by open orders plus uses by paid orders. */
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('discount_codes_code_upper').on(sql`upper(${table.code})`),
    // Below 100: a code never makes a seat free (a free seat is given in the portal, not here).
    check('discount_codes_percent_range', sql`${table.percent} between 1 and 99`),
    check(
      'discount_codes_uses_within_limit',
      sql`${table.uses} >= 0 and (${table.maxUses} is null or ${table.uses} <= ${table.maxUses})`,
    ),
  ],
);

// ── Infrastructure ──────────────────────────────────────────────────────────

/**
 * Fixed-window request counters shared by every server instance, so a rate
 * limit holds across a load balancer.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
