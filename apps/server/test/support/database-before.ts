/**
 * A database as an earlier build left it, for tests of migrations that move
 * data: migrated only up to that build's last migration and filled with
 * what that build wrote (a data-only dump, test/fixtures/README.md says
 * how it was made). `migrateToNewest` then runs what this build adds, the
 * way every start of the server does.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { migrationsFolder, type DatabaseHandle } from '../../src/db/client';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases';

/** The database the code of issue 26's start made, and the last migration it had applied. */
export const BEFORE_26 = {
  fixture: path.join(migrationsFolder, '..', 'test', 'fixtures', 'database-before-26.sql'),
  tag: '0009_unpaid_holds',
};

/**
 * A fresh database of `kind` migrated up to `tag` (that migration included)
 * and loaded with the data-only dump in `fixture`.
 */
export async function databaseBefore(
  kind: DatabaseKind,
  { fixture, tag }: { fixture: string; tag: string } = BEFORE_26,
): Promise<TestDatabase> {
  const database = await createTestDatabase(kind, { migrated: false });
  const folder = await migrationsUpTo(tag);
  try {
    await migrateWith(database.handle, folder);
    // The dump is the whole truth: rows the migrations seeded (the catalog version) go first.
    const empty = `truncate ${(await publicTables(database.handle)).join(', ')};`;
    const load = await fs.readFile(fixture, 'utf8');
    await runScript(database.handle, `begin;\n${empty}\n${load}\ncommit;`);
    return database;
  } catch (error) {
    await database.dispose();
    throw error;
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/** Applies every migration the database has not had yet, as the server does when it starts. */
export async function migrateToNewest(database: TestDatabase): Promise<void> {
  await database.handle.migrate();
}

/** A copy of the migrations folder whose journal ends at `tag`: Drizzle applies what it lists. */
async function migrationsUpTo(tag: string): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'wifi7-migrations-'));
  await fs.cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) {
    await fs.rm(folder, { recursive: true, force: true });
    throw new Error(`No migration ${tag} in ${migrationsFolder}`);
  }
  journal.entries = journal.entries.slice(0, last + 1);
  await fs.writeFile(journalFile, JSON.stringify(journal, null, 2));
  return folder;
}

async function migrateWith(handle: DatabaseHandle, folder: string): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    await migratePostgres(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  }
}

async function publicTables(handle: DatabaseHandle): Promise<string[]> {
  // Both drivers answer raw queries with `rows`.
  const result = (await handle.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => `public."${row.name}"`);
}

/** Runs a script of many statements: the simple query protocol of each driver takes them at once. */
async function runScript(handle: DatabaseHandle, script: string): Promise<void> {
  if (handle.kind === 'pglite') {
    await (handle.db as unknown as { $client: PGlite }).$client.exec(script);
  } else {
    await (handle.db as unknown as { $client: pg.Pool }).$client.query(script);
  }
}
