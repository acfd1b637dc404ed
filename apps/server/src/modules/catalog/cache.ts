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
 * A notification reaches other instances a moment after the commit. On
 * PostgreSQL, where several instances may run, a read first checks the
 * catalog's version row (changed in the same commit as the catalog): one
 * small query shared by every request that arrives while it runs, begun
 * after the request arrived, so a change committed before a request is
 * never answered from before it. PGlite is one process, and its
 * notifications arrive before the writing query returns.
 *
 * The purchase path never reads from here: placing an order prices and
 * takes its seat from the rows inside its own transaction.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client';

/** The channel the catalog tables' triggers notify. */
export const CATALOG_CHANNEL = 'catalog_changed';

export class CatalogCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  private listening = false;
  private version = -1;

  /** `currentVersion` answers the catalog's version as of a moment after it is called. */
  constructor(private readonly currentVersion?: () => Promise<number>) {}

  /** Whether answers may come from memory (the listener is connected). */
  get live(): boolean {
    return this.listening;
  }

  /**
   * The value under `key`, loading it once for all concurrent callers. A
   * load that fails is not kept; one begun before a change is dropped with
   * everything else when the change is heard, so it is never served after.
   */
  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listening) return load();
    if (this.currentVersion) {
      const version = await this.currentVersion();
      // Checks run one after another, so versions only grow; a late caller's older one is no news.
      if (version > this.version) {
        this.version = version;
        this.entries.clear();
      }
      if (!this.listening) return load();
    }
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
  const cache = new CatalogCache(
    database.kind === 'postgres' ? sharedCheck(() => catalogVersion(database.db)) : undefined,
  );
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

async function catalogVersion(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`select version from catalog_version where id = 1`,
  )) as unknown as { rows: { version: string | number }[] };
  return Number(result.rows[0]?.version ?? 0);
}

/**
 * Runs `check` for many callers at once: a caller gets the answer of a run
 * that began after it called, joining the next run when one is already
 * under way (that one may have read before the caller's moment).
 */
export function sharedCheck<T>(check: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = () => {
    const run = check();
    running = run;
    run
      .finally(() => {
        if (running === run) running = undefined;
      })
      .catch(() => {});
    return run;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
