/**
 * Opens the database chosen by the configuration: a real PostgreSQL server
 * through node-postgres, or the embedded PGlite (Postgres compiled to WASM,
 * kept in a folder). Both give the same Drizzle API, so the rest of the
 * server does not know which one it talks to.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { findRepositoryRoot } from '../lib/repository-root';
import { lockFolder } from './folder-lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or a transaction inside it: the same query API. */
export type Db = Pick<
  Database,
  'select' | 'insert' | 'update' | 'delete' | 'execute' | '$with' | 'with'
>;

/** The channel the catalog tables' triggers notify (migration 0006). */
export const CATALOG_CHANNEL = 'catalog_changed';

export const migrationsFolder = path.join(findRepositoryRoot(), 'apps', 'server', 'drizzle');

/** How many migrations this build ships: a database with fewer applied is behind it. */
export function shippedMigrationCount(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/** How many migrations the database has applied (Drizzle's own record of them). */
export async function appliedMigrationCount(db: Database): Promise<number> {
  // Both drivers answer raw queries with `rows`.
  const result = (await db.execute(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { applied: number }[] };
  return Number(result.rows[0]?.applied ?? 0);
}

/** Arbitrary constant that names the "migrations running" advisory lock. */
const MIGRATION_LOCK_ID = 7_202_611;

/** Where the data lives: a PostgreSQL server, or an embedded PGlite folder (one process). */
export type DatabaseSettings =
  { kind: 'postgres'; url: string; poolMax: number } | { kind: 'pglite'; dataDir: string };

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Where the data lives, safe to log (no password). */
  description: string;
  /**
   * Brings the schema up to date. Safe on every start and from several
   * instances at once: applied migrations are skipped, and on PostgreSQL an
   * advisory lock lets one instance migrate while the others wait.
   */
  migrate(): Promise<void>;
  /**
   * Listens on a notification channel (`LISTEN`) on a connection of its own,
   * reconnecting when it is lost; answers a function that stops listening.
   * On `catalog_changed` a notification sent by a statement run through
   * `db` reaches the listener before that statement's promise (in a
   * transaction, the commit's) resolves: on PostgreSQL the pooled
   * connections listen on it too (POOLED_CHANNELS), and a session is handed
   * its own notifications as it commits; PGlite delivers every channel's
   * before the query returns.
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /**
   * Proves the database still writes: one committed row (`write_heartbeat`)
   * and, for a PGlite folder, a page written to its disk and synced. A full
   * disk lets reads and even small commits go on for a while (the log's
   * space is set aside ahead), so the folder is asked directly. Rejects when
   * a write fails.
   */
  probeWrites(): Promise<void>;
  close(): Promise<void>;
}

/** Hears a channel's notifications, and when notifications may have been missed. */
export interface ChannelListener {
  /** Listening (again): notifications sent from now on arrive; earlier ones may have been missed. */
  onListening(): void;
  onNotification(payload: string): void;
  /** The connection was lost: notifications are missed until the next `onListening`. */
  onLost(error: Error): void;
}

export interface OpenOptions {
  /**
   * Told about an error of an idle pooled connection (the server restarted,
   * the network dropped). node-postgres would otherwise crash the process;
   * the pool replaces the connection on the next query.
   */
  onIdleError?: (error: Error) => void;
}

export async function openDatabase(
  settings: DatabaseSettings,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (settings.kind === 'postgres') return openPostgres(settings.url, settings.poolMax, options);
  fs.mkdirSync(settings.dataDir, { recursive: true });
  const unlock = lockFolder(settings.dataDir);
  const isNew = fs.readdirSync(settings.dataDir).length === 0;
  try {
    const client = await PGlite.create(settings.dataDir);
    const handle = openPglite(client, `PGlite in ${settings.dataDir}`);
    return {
      ...handle,
      async probeWrites() {
        await handle.probeWrites();
        await writePageTo(path.join(settings.dataDir, WRITE_PROBE_FILE));
      },
      async close() {
        await handle.close();
        unlock();
      },
    };
  } catch (error) {
    // A database PGlite was making when it failed (a full disk) is half made: it would open
    // next time without parts of its catalog. Nothing was in it, so it is made again.
    if (isNew) emptyFolder(settings.dataDir);
    unlock();
    throw error;
  }
}

/** Removes what is inside a folder, keeping the folder (it may be a mount point). */
function emptyFolder(folder: string): void {
  for (const entry of fs.readdirSync(folder)) {
    fs.rmSync(path.join(folder, entry), { recursive: true, force: true });
  }
}

export async function openPostgres(
  url: string,
  poolMax = 10,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const own = ownNotifications();
  const pool = new pg.Pool({ connectionString: url, max: poolMax, onConnect: own.onConnect });
  pool.on('error', (error) => options.onIdleError?.(error));
  // Fail at start, not at the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    description: describePostgresUrl(url),
    async migrate() {
      // An advisory lock belongs to one session: lock, migrate and unlock on one client.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migratePostgres(drizzlePostgres(client), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    },
    async listen(channel, listener) {
      const stopHearingOwn = own.hear(channel, (payload) => listener.onNotification(payload));
      try {
        const stop = await listenOnPostgres(url, channel, listener);
        return async () => {
          stopHearingOwn();
          await stop();
        };
      } catch (error) {
        stopHearingOwn();
        throw error;
      }
    },
    probeWrites: () => writeHeartbeatRow(db),
    close: () => pool.end(),
  };
}

/**
 * Every pooled connection listens on these channels too, so a statement
 * that notifies one is heard on its own connection: Postgres hands a
 * session its own notifications as its transaction commits, before it
 * answers the commit (or the single statement), so the change is heard
 * before the code that made it goes on. A connection listens before the
 * pool first hands it out; it also hears what other instances send, as the
 * dedicated listener does.
 */
const POOLED_CHANNELS = [CATALOG_CHANNEL];

function ownNotifications() {
  const hearers = new Map<string, Set<(payload: string) => void>>();
  return {
    async onConnect(client: pg.ClientBase): Promise<void> {
      client.on('notification', (message) => {
        for (const hear of hearers.get(message.channel) ?? []) hear(message.payload ?? '');
      });
      for (const channel of POOLED_CHANNELS) {
        // A failed LISTEN leaves this connection deaf to its own changes: the dedicated
        // listener still hears them a moment later.
        await client.query(`listen ${pg.escapeIdentifier(channel)}`).catch(() => {});
      }
    },
    /** Hears `channel` on the pooled connections: nothing for a channel they do not listen on. */
    hear(channel: string, hear: (payload: string) => void): () => void {
      if (!POOLED_CHANNELS.includes(channel)) return () => {};
      const set = hearers.get(channel) ?? new Set();
      hearers.set(channel, set);
      set.add(hear);
      return () => {
        set.delete(hear);
      };
    },
  };
}

/** Waits between attempts to get a lost listening connection back, doubling up to the last. */
const RELISTEN_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * A dedicated client (a pooled one would be handed to queries), named so an
 * operator sees it in pg_stat_activity. Lost connections are retried for as
 * long as the listener is wanted.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  listener: ChannelListener,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const current = new pg.Client({ connectionString: url, application_name: `listen ${channel}` });
    client = current;
    let state: 'connecting' | 'listening' | 'lost' = 'connecting';
    const isLost = () => state === 'lost';
    const lose = (error: Error) => {
      if (state === 'lost') return;
      const wasListening = state === 'listening';
      state = 'lost';
      current.removeAllListeners('notification');
      void current.end().catch(() => {});
      // While connecting, the failed attempt itself reports and retries.
      if (wasListening && !stopped) {
        listener.onLost(error);
        scheduleRetry();
      }
    };
    current.on('error', lose);
    current.on('end', () => lose(new Error('the listening connection ended')));
    current.on('notification', (message) => {
      if (message.channel === channel) listener.onNotification(message.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      state = 'lost';
      void current.end().catch(() => {});
      throw error;
    }
    if (isLost()) throw new Error('the listening connection was lost while it started');
    state = 'listening';
    attempt = 0;
    if (!stopped) listener.onListening();
  };

  const tryToListen = () =>
    connect().catch((error: Error) => {
      if (stopped) return;
      listener.onLost(error);
      scheduleRetry();
    });

  const scheduleRetry = () => {
    const delay = RELISTEN_DELAYS_MS[Math.min(attempt, RELISTEN_DELAYS_MS.length - 1)]!;
    attempt += 1;
    retry = setTimeout(() => void tryToListen(), delay);
    retry.unref();
  };

  await tryToListen();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** Wraps an open PGlite; tests pass an in-memory one. One process owns a PGlite folder. */
export function openPglite(client: PGlite, description = 'PGlite in memory'): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    description,
    migrate: () => migratePglite(db, { migrationsFolder }),
    async listen(channel, listener) {
      // In the same process as the database: nothing to lose, nothing missed.
      const unlisten = await client.listen(channel, (payload) => listener.onNotification(payload));
      listener.onListening();
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    probeWrites: () => writeHeartbeatRow(db as unknown as Database),
    close: () => client.close(),
  };
}

/** A file in a PGlite folder that only the write probe writes (PostgreSQL ignores it). */
const WRITE_PROBE_FILE = 'write-probe';

async function writeHeartbeatRow(db: Database): Promise<void> {
  await db
    .insert(schema.writeHeartbeat)
    .values({ id: 1, writtenAt: sql`now()` })
    .onConflictDoUpdate({ target: schema.writeHeartbeat.id, set: { writtenAt: sql`now()` } });
}

/** Writes one page (8 KiB, PostgreSQL's) to `file`, syncs it to the disk and removes it. */
async function writePageTo(file: string): Promise<void> {
  try {
    const handle = await fs.promises.open(file, 'w');
    try {
      await handle.write(Buffer.alloc(8192));
      await handle.sync();
    } finally {
      await handle.close();
    }
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}

function describePostgresUrl(raw: string): string {
  try {
    const parsed = new URL(raw);
    return `PostgreSQL at ${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
