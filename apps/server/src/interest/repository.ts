import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { leads } from '../db/schema';

/**
 * Records that someone asked for a sign-in link. Idempotent: the first call
 * creates the row, later calls only move `last_seen_at` and count.
 */
export async function recordLead(db: Database, email: string): Promise<void> {
  await db
    .insert(leads)
    .values({ email })
    .onConflictDoUpdate({
      target: leads.email,
      set: { lastSeenAt: sql`now()`, timesSeen: sql`${leads.timesSeen} + 1` },
    });
}
