import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FolderInUseError, lockFolder } from './folder-lock';

let parent: string;
let folder: string;
let lockFile: string;

beforeEach(() => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-lock-'));
  folder = path.join(parent, 'pglite');
  lockFile = `${folder}.lock`;
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(parent, { recursive: true, force: true });
});

/** The id of a process that has ended. */
function goneProcessId(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the PGlite folder lock', () => {
  it('holds the folder for its owner and lets it go', () => {
    const unlock = lockFolder(folder);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    expect(fs.readdirSync(parent)).toEqual(['pglite.lock']);
    unlock();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it.each([
    ['empty (the start failed before writing its id)', ''],
    ['cut short to a few bytes that are not a number', '1\u0000'],
    ['naming no process', '-42'],
    ['naming process 0 (our own process group)', '0'],
    ['garbage', 'not a pid'],
  ])('is not blocked by a lock file that is %s', (_what, text) => {
    fs.writeFileSync(lockFile, text);
    const unlock = lockFolder(folder);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    unlock();
  });

  it('is not blocked by a lock naming a process that is gone', () => {
    fs.writeFileSync(lockFile, String(goneProcessId()));
    lockFolder(folder)();
  });

  it('leaves no lock behind when writing it fails (a full disk), so the next start goes on', () => {
    const write = fs.writeFileSync;
    const full = vi.spyOn(fs, 'writeFileSync').mockImplementationOnce((file, data) => {
      // Part of the id reaches the disk, then it is full.
      write(file, String(data).slice(0, 1));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
      });
    });
    expect(() => lockFolder(folder)).toThrow(/ENOSPC/);
    full.mockRestore();
    expect(fs.readdirSync(parent)).toEqual([]);
    lockFolder(folder)();
  });

  it('still keeps a second process out while its owner lives', async () => {
    const owner = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      fs.writeFileSync(lockFile, `${owner.pid}\n`);
      expect(() => lockFolder(folder)).toThrow(FolderInUseError);
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(`${owner.pid}\n`);
    } finally {
      const ended = new Promise((resolve) => owner.once('exit', resolve));
      owner.kill('SIGKILL');
      await ended;
    }
    // Its owner gone, the same lock no longer blocks.
    lockFolder(folder)();
  });
});
