/**
 * Global set-up of the server suites: one PGlite database, migrated, saved
 * to a file that every suite's in-memory PGlite then starts from. Starting
 * PGlite from nothing (its initdb) and migrating takes many seconds on a
 * busy machine, for every suite and kind of stack; loading the saved
 * database takes a fraction of that, and it holds exactly what migrating
 * gives.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite database, as the tar file PGlite loads. */
    pgliteTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'wifi7-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  const client = await PGlite.create();
  const handle = openPglite(client);
  try {
    await handle.migrate();
    const dump = await client.dumpDataDir('none');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplate', file);
  return () => fs.rm(folder, { recursive: true, force: true });
}
