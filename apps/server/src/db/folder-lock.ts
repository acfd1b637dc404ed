/**
 * PGlite is one process's database: two processes opening the same folder
 * would corrupt it. A lock file next to the folder, holding the owner's
 * process id, keeps a second server or the catalog tool out while the
 * first is running, and is taken over when its owner has died.
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
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new FolderInUseError(folder, owner);
      }
      fs.rmSync(lockFile, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`Could not lock ${folder}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
