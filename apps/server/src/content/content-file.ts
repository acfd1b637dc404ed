/**
 * The sample content file (catalog/content.json): what a fresh database
 * shows on the workshop page until a seller edits it in the back office.
 * Seeding writes only the sections the database lacks, so it is safe at
 * every start, from every instance at once, and never undoes an edit.
 */
import {
  CONTENT_SECTIONS,
  workshopContentSchema,
  type ContentSection,
  type WorkshopContent,
} from '@wifi7/contract';
import { z } from 'zod';
import type { Database } from '../db/client';
import { siteContent } from '../db/schema';
import { readCheckedJsonFile } from '../lib/json-file';

const contentFileSchema = z
  .object({ ...workshopContentSchema.shape, $comment: z.string().optional() })
  .strict();

export function readContentFile(file: string): WorkshopContent {
  const { $comment: _comment, ...content } = readCheckedJsonFile(
    file,
    contentFileSchema,
    'content',
  );
  return content;
}

/** Writes the sections the database does not have yet from the file; returns which. */
export async function seedMissingContent(db: Database, file: string): Promise<ContentSection[]> {
  const present = new Set(
    (await db.select({ key: siteContent.key }).from(siteContent)).map((row) => row.key),
  );
  const missing = CONTENT_SECTIONS.filter((section) => !present.has(section));
  if (missing.length === 0) return [];
  const content = readContentFile(file);
  await db
    .insert(siteContent)
    .values(missing.map((section) => ({ key: section, value: content[section] })))
    .onConflictDoNothing({ target: siteContent.key });
  return missing;
}
