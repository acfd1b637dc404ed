import fs from 'node:fs';
import type { z } from 'zod';

/** A JSON file that cannot be read, or that its schema does not accept. */
export class JsonFileError extends Error {
  constructor(what: string, file: string, problems: string[]) {
    super(`The ${what} file ${file} is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'JsonFileError';
  }
}

/**
 * A JSON file a person edits (`what` names it, e.g. "catalog"), checked
 * against its schema: one error lists every problem with where in the file
 * it is, so one attempt at fixing the file can fix them all.
 */
export function readCheckedJsonFile<Schema extends z.ZodType>(
  file: string,
  schema: Schema,
  what: string,
): z.output<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new JsonFileError(what, file, [(error as Error).message]);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new JsonFileError(
      what,
      file,
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`),
    );
  }
  return parsed.data;
}
