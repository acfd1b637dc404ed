import { loadDatabaseSettings } from '../config/env';
import { openDatabase, type DatabaseHandle } from '../db/client';

/**
 * Opens the database the environment names (DATABASE_URL, or the embedded
 * PGlite folder), brings its schema up to date, runs `work`, and closes it.
 */
export async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase(loadDatabaseSettings());
  try {
    await handle.migrate();
    return await work(handle);
  } finally {
    await handle.close();
  }
}
