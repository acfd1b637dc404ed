import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client';

// Each test makes and migrates a PGlite database on disk, or waits for a
// killed process: on a busy machine that takes far longer than the project's
// 30 s (CI saw a time-out with the machine shared three ways).
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

let parent: string;
let dataDir: string;

beforeEach(() => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-start-'));
  dataDir = path.join(parent, 'pglite');
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(parent, { recursive: true, force: true });
});

/** PGlite failing part-way through its start, as on a full disk, after writing `file`. */
function failingStart(file: string) {
  return vi.spyOn(PGlite, 'create').mockImplementationOnce(async () => {
    fs.writeFileSync(path.join(dataDir, file), '17');
    throw new Error('RuntimeError: Aborted()');
  });
}

describe('opening a PGlite folder', () => {
  it('leaves neither a half-made database nor a lock when its first start fails', async () => {
    failingStart('PG_VERSION');
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(/Aborted/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(fs.readdirSync(parent)).toEqual(['pglite']);
  });

  it('keeps what a folder held before when a later start fails', async () => {
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'PG_VERSION'), '17');
    failingStart('postmaster.pid');
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(/Aborted/);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['PG_VERSION', 'postmaster.pid']);
    expect(fs.readdirSync(parent)).toEqual(['pglite']);
  });
});

describe('the write probe of a PGlite folder', () => {
  it('fails when the folder’s disk refuses a write (full), though the database still commits', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await database.migrate();
      await database.probeWrites();
      const full = vi.spyOn(fs.promises, 'open').mockImplementationOnce(async (file) => {
        throw Object.assign(new Error(`ENOSPC: no space left on device, open '${file}'`), {
          code: 'ENOSPC',
        });
      });
      await expect(database.probeWrites()).rejects.toThrow(/ENOSPC/);
      expect(full).toHaveBeenCalledWith(path.join(dataDir, 'write-probe'), 'w');
      await database.probeWrites();
      expect(fs.existsSync(path.join(dataDir, 'write-probe'))).toBe(false);
    } finally {
      await database.close();
    }
  });
});

describe('PGlite’s own lock (postmaster.pid in the folder)', () => {
  it('does not keep a folder whose owner was killed from opening', async () => {
    // A process that opens the folder with PGlite, says so, and is then killed outright.
    const owner = spawn(
      process.execPath,
      [
        '-e',
        `import('@electric-sql/pglite').then(async ({ PGlite }) => {
          await PGlite.create(${JSON.stringify(dataDir)});
          process.stdout.write('open');
          setInterval(() => {}, 1000);
        })`,
      ],
      { cwd: import.meta.dirname },
    );
    await new Promise<void>((resolve, reject) => {
      owner.stdout.on('data', () => resolve());
      owner.once('exit', (code) => reject(new Error(`the owner ended (${code})`)));
    });
    const ended = new Promise((resolve) => owner.once('exit', resolve));
    owner.kill('SIGKILL');
    await ended;
    expect(fs.existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(true);

    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
  });
});
