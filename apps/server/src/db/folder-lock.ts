/**
 * PGlite is one process's database: two processes opening the same folder
 * would corrupt it. A lock file next to the folder, holding the owner's
 * process id, keeps a second server or the catalog tool out while the
 * first is running, and is taken over when its owner has died.
 *
 * The lock file appears complete or not at all: the process id is written
 * to a file of its own first, then linked into place (a link, unlike a
 * rename, fails when the lock exists). A start that fails while writing (a
 * full disk) leaves no lock behind, and a lock file that names no process
 * (empty or cut short, as an older build left it) blocks nobody.
 */
import fs from 'node:fs';

export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The database folder ${folder} is in use by process ${pid} (is \`npm run local\` running?). ` +
        'Stop that process first, or point DATABASE_URL at a PostgreSQL server.',
    );
    this.name = 'FolderInUseError';
  }
}

export function lockFolder(folder: string): () => void {
  const lockFile = `${folder}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (createLockFile(lockFile)) return () => fs.rmSync(lockFile, { force: true });
    const owner = ownerOf(lockFile);
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
      throw new FolderInUseError(folder, owner);
    }
    fs.rmSync(lockFile, { force: true }); // stale: its owner is gone, or it names none
  }
  throw new Error(`Could not lock ${folder}`);
}

/** Links a complete lock file into place; false when one is there already. */
function createLockFile(lockFile: string): boolean {
  const draft = `${lockFile}.${process.pid}`;
  try {
    fs.writeFileSync(draft, String(process.pid));
    fs.linkSync(draft, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** The process id a lock file names, or undefined when it names none (empty, cut short, gone). */
function ownerOf(lockFile: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(lockFile, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // `Number('')` is 0, and signal 0 to "process 0" reaches our own process group:
  // only a whole positive number names a process.
  if (!/^\d+$/.test(text)) return undefined;
  const pid = Number(text);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
