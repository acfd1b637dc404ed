/**
 * The database schema. Drizzle generates the SQL migrations in ../../drizzle
 * from this file (`npm run db:generate -w @wifi7/server`).
 */

import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** People who asked for a sign-in link: prospective students, one row per e-mail. */
export const leads = pgTable('leads', {
  email: text('email').primaryKey(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  timesSeen: integer('times_seen').notNull().default(1),
});

/**
 * Fixed-window request counters shared by every server instance, so a rate
 * limit holds across a load balancer.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
