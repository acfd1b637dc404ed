/**
 * The two databases every integration suite runs against: an in-memory
 * PGlite and a fresh database on the real PostgreSQL server
 * (TEST_DATABASE_URL, default the test role that scripts/ensure-postgres.sh
 * sets up: postgres://wifi7_test@127.0.0.1:5432/wifi7_test).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/db/client';

export const adminDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://wifi7_test@127.0.0.1:5432/wifi7_test';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Opens a second, independent connection to the same data (a second server instance). */
  openAnother(): Promise<DatabaseHandle>;
  /** Where another process finds the same data (PostgreSQL only). */
  url?: string;
  dispose(): Promise<void>;
}

export type DatabaseKind = 'pglite' | 'postgres';
export const databaseKinds: DatabaseKind[] = ['pglite', 'postgres'];

let migratedPglite: Promise<Blob> | undefined;

/**
 * A new in-memory PGlite with every migration applied: loaded from the
 * database the global set-up migrated once (pglite-template.ts), or, in a
 * project without that set-up, made and migrated here.
 */
async function newMigratedPglite(): Promise<PGlite> {
  const template = inject('pgliteTemplate');
  if (template) {
    migratedPglite ??= fs.readFile(template).then((tar) => new Blob([tar]));
    return PGlite.create({ loadDataDir: await migratedPglite });
  }
  const client = await PGlite.create();
  await openPglite(client).migrate();
  return client;
}

/** `migrated: false`: an empty database, for a test that migrates it itself. */
export async function createTestDatabase(
  kind: DatabaseKind,
  { migrated = true }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = openPglite(migrated ? await newMigratedPglite() : await PGlite.create());
    // PGlite is single-process: a "second instance" shares the same client.
    return { handle, openAnother: async () => handle, dispose: () => handle.close() };
  }
  const name = `wifi7_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  const opened: DatabaseHandle[] = [];
  const open = async () => {
    // Dropping the database at the end ends its connections: expected, not a failure.
    const handle = await openPostgres(url.toString(), 5, { onIdleError: () => {} });
    opened.push(handle);
    return handle;
  };
  const handle = await open();
  if (migrated) await handle.migrate();
  return {
    handle,
    openAnother: open,
    url: url.toString(),
    async dispose() {
      await Promise.all(opened.map((each) => each.close()));
      const cleanup = new pg.Client({ connectionString: adminDatabaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
