/**
 * The seller's command-line tools as a seller runs them, in their own
 * processes: they say in one sentence what to do when the running site
 * holds the embedded database, and they change the catalog through the
 * back office's services (same checks, same audit log).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRepositoryRoot } from '../src/lib/repository-root';
import { batches, discountCodes, auditLog } from '../src/db/schema';
import { loadTestCatalog } from './support/catalog';
import { createTestDatabase, type TestDatabase } from './support/databases';

const root = findRepositoryRoot();
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run <tool> -- …` as its script does, with only the database settings given. */
function run(
  tool: 'catalog' | 'orders',
  args: string[],
  env: Record<string, string>,
): Promise<Run> {
  const { DATABASE_URL: _url, PGLITE_DIR: _dir, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      tsx,
      [path.join('apps', 'server', 'src', 'cli', `${tool}.ts`), ...args],
      { cwd: root, env: { ...inherited, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

// A test starts the command line up to three times, and run() gives each start a
// minute: a busy machine starts tsx slowly, so the tests wait for all three.
const threeRuns = { timeout: 3 * 60_000 };

describe('the command-line tools, while the site holds the embedded database', threeRuns, () => {
  let folder: string;
  let dataDir: string;

  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wifi7-cli-'));
    dataDir = path.join(folder, 'pglite');
    // A running site's lock: the folder's lock file names a live process (this one).
    fs.writeFileSync(`${dataDir}.lock`, String(process.pid));
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it.each([
    ['catalog', 'list'],
    ['catalog', 'batch close WIFI7-2027-01-AM'],
    ['orders', 'list'],
  ] as const)('npm run %s -- %s says what to do, and exits non-zero', async (tool, args) => {
    const result = await run(tool, args.split(' '), { PGLITE_DIR: dataDir });
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(
      `The embedded database ${dataDir} is held by the running site (process ${process.pid}): ` +
        'make the change in the back office (/seller on the site), or stop `npm run local` and run this again, ' +
        'or set DATABASE_URL to work on a PostgreSQL server.',
    );
    // The site keeps its lock, and nothing was created beside it.
    expect(fs.readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    expect(fs.existsSync(dataDir)).toBe(true);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});

describe('the catalog command line on PostgreSQL', threeRuns, () => {
  let database: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await loadTestCatalog(database.handle.db);
    await database.handle.db.update(batches).set({ seatsTaken: 2 }).where(eq(batches.id, 'B-FULL'));
    env = { DATABASE_URL: database.url! };
  });
  afterAll(async () => database.dispose());

  const auditOf = (targetId: string) =>
    database.handle.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

  it('creates a discount code through the back office’s service, audited as the command line', async () => {
    const created = await run(
      'catalog',
      ['discount', 'create', 'cli20', '--percent', '20', '--max-uses', '3'],
      env,
    );
    expect(created).toMatchObject({ code: 0, stdout: 'Created CLI20: 20% off.\n' });
    const [row] = await database.handle.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, 'CLI20'));
    expect(row).toMatchObject({ percent: 20, maxUses: 3, active: true });
    const [entry] = await auditOf('CLI20');
    expect(entry).toMatchObject({ action: 'discount.create', targetType: 'discount-code' });
    expect(entry!.actorEmail).toMatch(/^command line \(.+\)$/);

    const again = await run('catalog', ['discount', 'create', 'Cli20', '--percent', '10'], env);
    expect(again.code).not.toBe(0);
    expect(again.stderr.trim()).toBe('The code CLI20 already exists.');
  });

  it('refuses what the back office refuses, with its words', async () => {
    const capacity = await run('catalog', ['batch', 'capacity', 'B-FULL', '1'], env);
    expect(capacity.code).not.toBe(0);
    expect(capacity.stderr.trim()).toBe(
      '2 seats are sold or held in this batch, so its capacity cannot go below 2.',
    );
    const unknown = await run('catalog', ['batch', 'close', 'B-NOPE'], env);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr.trim()).toBe('No batch with id B-NOPE (see `catalog list`).');
    const skipped = await run(
      'catalog',
      ['batch', 'sessions', 'B-APR', '--from', '2027-03-14', '--days', 'Sun', '--at', '02:30'],
      env,
    );
    expect(skipped.code).not.toBe(0);
    expect(skipped.stderr).toContain(
      'Session 1 (2027-03-14T02:30) does not exist in Pacific Time: the clocks skip that hour.',
    );
  });

  it('closes a batch and sets its sessions from a weekly schedule', async () => {
    const closed = await run('catalog', ['batch', 'close', 'B-JAN', '--note', 'Full'], env);
    expect(closed).toMatchObject({ code: 0, stdout: 'Batch B-JAN is now closed.\n' });
    const [entry] = await database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, 'B-JAN'), eq(auditLog.action, 'batch.close')));
    expect(entry).toMatchObject({ note: 'Full', after: { status: 'closed' } });

    const sessions = await run(
      'catalog',
      ['batch', 'sessions', 'B-APR', '--from', '2027-03-01', '--days', 'Mon,Wed', '--at', '09:00'],
      env,
    );
    expect(sessions.code).toBe(0);
    expect(sessions.stdout).toContain(
      'Mar 1 - Apr 19, 2027 (Americas) -- Mon & Wed, 9 to 11 AM Pacific Time',
    );
    expect(sessions.stdout).toContain('Mon, Mar 15, 2027');
    const [batch] = await database.handle.db.select().from(batches).where(eq(batches.id, 'B-APR'));
    expect(batch).toMatchObject({ startsOn: '2027-03-01' });
    expect(batch!.sessionStarts.every((start) => start.endsWith('T09:00'))).toBe(true);
  });
});
