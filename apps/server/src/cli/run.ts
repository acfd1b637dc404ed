/**
 * How the seller's command-line tools end: the result on stdout, or one
 * sentence on stderr that says what went wrong and what to do, and a
 * non-zero exit code.
 */
import type { Command } from 'commander';
import { FolderInUseError } from '../db/folder-lock';
import { HttpError } from '../lib/http-error';

/** A mistake in what the seller typed; the message says how to put it right. */
export class UsageError extends Error {}

function explainFailure(error: unknown): string {
  if (error instanceof FolderInUseError) {
    // The embedded database serves one process: the running site has it.
    return (
      `The embedded database ${error.folder} is held by the running site (process ${error.pid}): ` +
      'make the change in the back office (/seller on the site), or stop `npm run local` and run this again, ' +
      'or set DATABASE_URL to work on a PostgreSQL server.'
    );
  }
  if (error instanceof HttpError || error instanceof UsageError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

export function runCli(program: Command): void {
  program.parseAsync().catch((error: unknown) => {
    console.error(explainFailure(error));
    process.exit(1);
  });
}
