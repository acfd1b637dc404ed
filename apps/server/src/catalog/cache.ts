/**
 * The buyers' catalog reads (prices, discount codes, the workshop list, the
 * public schedule) kept in memory, so a burst of visitors does not queue on
 * the database. It is a cache, never a second source of truth: every change
 * to the catalog's tables fires a trigger that notifies `catalog_changed`
 * (migration 0006), each instance listens and drops everything it holds, so
 * a change made anywhere (another instance, the back office, the command
 * line, a purchase taking a seat) shows within moments. While the listening
 * connection is down, notifications could be missed, so every read goes to
 * the database until it is back, and the cache starts empty again.
 *
 * An instance reads its own changes at once: on PostgreSQL the pooled
 * connections that run its queries listen too (db/client.ts), and Postgres
 * hands a session its own notifications as its transaction commits, before
 * the commit returns, so the cache is dropped before the code that made the
 * change goes on (a back-office answer, a purchase, a hold let go). PGlite
 * is one process, and its notifications arrive before the writing query
 * returns. Another instance drops its copy when the notification reaches it,
 * a moment after the commit.
 *
 * The purchase path never reads from here: placing an order prices and
 * takes its seat from the rows inside its own transaction.
 */
import type { FastifyBaseLogger } from 'fastify';
import { CATALOG_CHANNEL, type DatabaseHandle } from '../db/client';

export class CatalogCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  private listening = false;

  /** Whether answers may come from memory (the listener is connected). */
  get live(): boolean {
    return this.listening;
  }

  /**
   * The value under `key`, loading it once for all concurrent callers. A
   * load that fails is not kept; one begun before a change is dropped with
   * everything else when the change is heard, so it is never served after.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listening) return load();
    const held = this.entries.get(key) as Promise<T> | undefined;
    if (held) return held;
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    return loading;
  }

  /** The catalog changed somewhere: forget everything. */
  clear(): void {
    this.entries.clear();
  }

  /** Listening (again): what was held may have missed a change. */
  resume(): void {
    this.entries.clear();
    this.listening = true;
  }

  /** Not listening: read through to the database until `resume`. */
  suspend(): void {
    this.listening = false;
    this.entries.clear();
  }
}

/** Makes a cache that follows the database's catalog notifications; `stop` ends the listening. */
export async function startCatalogCache(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<{ cache: CatalogCache; stop: () => Promise<void> }> {
  const cache = new CatalogCache();
  const stop = await database.listen(CATALOG_CHANNEL, {
    onListening: () => {
      cache.resume();
      log.info('catalog cache on: listening for catalog changes');
    },
    onNotification: () => cache.clear(),
    onLost: (error) => {
      cache.suspend();
      log.warn({ err: error }, 'catalog cache off until catalog changes can be heard again');
    },
  });
  return { cache, stop };
}
