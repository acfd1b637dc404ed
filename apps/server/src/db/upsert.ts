import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Inserts `row`, or sets every field of it but its key (and `updatedAt`) on
 * the row the key names: a column the row leaves out is never touched.
 */
export async function upsert<T extends PgTable & { updatedAt: AnyPgColumn }>(
  db: Db,
  table: T,
  key: (keyof T['$inferInsert'] & keyof T)[],
  row: T['$inferInsert'],
): Promise<void> {
  const changes = Object.entries(row).filter(([field]) => !key.some((name) => name === field));
  // Drizzle types an insert for one table it knows; the caller's row is checked above.
  await db
    .insert(table as PgTable)
    .values(row as PgTable['$inferInsert'])
    .onConflictDoUpdate({
      target: key.map((name) => table[name] as AnyPgColumn),
      set: { ...Object.fromEntries(changes), updatedAt: sql`now()` },
    });
}
