/**
 * The workshop page's content in the database: one row per section, its
 * value replaced whole. A save names the version it was made from and is
 * refused when the section changed since, so the second of two tabs gets a
 * conflict instead of silently undoing the first one's work.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  CONTENT_SECTIONS,
  contentSectionSchemas,
  workshopContentSchema,
  type ContentSection,
  type SavedSection,
  type SellerContentResponse,
  type WorkshopContent,
} from '@wifi7/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { siteContent } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { recordSellerAction } from '../core/audit';
import { imagePathsIn, ImageNotUploadedError, missingUploads } from './images';

/**
 * A section's version: its last change to the microsecond, as text. A
 * JavaScript Date would drop the microseconds and never match again.
 */
const versionOf = sql<string>`to_char(${siteContent.updatedAt} at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`;

const savedColumns = {
  key: siteContent.key,
  value: siteContent.value,
  version: versionOf,
  updatedAt: siteContent.updatedAt,
  updatedBy: siteContent.updatedBy,
};

type SavedRow = { value: unknown; version: string; updatedAt: Date; updatedBy: string | null };

function savedSectionOf<S extends ContentSection>(section: S, row: SavedRow): SavedSection<S> {
  return {
    value: contentSectionSchemas[section].parse(row.value),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  } as SavedSection<S>;
}

class ContentNotSeededError extends HttpError {
  constructor(section: ContentSection) {
    super(503, `The page content (${section}) has not been set up yet.`);
  }
}

class ContentConflictError extends HttpError {
  constructor() {
    super(
      409,
      'This section was changed elsewhere since you opened it. Load the latest version and make your change again.',
    );
  }
}

/** Every section with its version, for the back office. */
export async function readSavedContent(db: Db): Promise<SellerContentResponse> {
  const rows = new Map(
    (await db.select(savedColumns).from(siteContent)).map((row) => [row.key, row]),
  );
  const entries = CONTENT_SECTIONS.map((section) => {
    const row = rows.get(section);
    if (!row) throw new ContentNotSeededError(section);
    return [section, savedSectionOf(section, row)];
  });
  return Object.fromEntries(entries) as SellerContentResponse;
}

/**
 * What the public page shows, or null while a section is missing or does
 * not fit the schema (the page then shows no content rather than a broken one).
 */
export async function readWorkshopContent(db: Db): Promise<WorkshopContent | null> {
  const rows = await db
    .select({ key: siteContent.key, value: siteContent.value })
    .from(siteContent);
  const parsed = workshopContentSchema.safeParse(
    Object.fromEntries(rows.map((row) => [row.key, row.value])),
  );
  return parsed.success ? parsed.data : null;
}

export interface SectionSave<S extends ContentSection> {
  section: S;
  value: WorkshopContent[S];
  /** The version the seller edited. */
  version: string;
  sellerEmail: string;
}

/**
 * Replaces one section, audited in the same transaction. A save that
 * changes nothing is answered with the section as it is, unrecorded.
 */
export async function saveSection<S extends ContentSection>(
  db: Database,
  save: SectionSave<S>,
): Promise<SavedSection<S>> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select(savedColumns)
      .from(siteContent)
      .where(eq(siteContent.key, save.section))
      .for('update');
    // Checked under the section's lock, which the image clean-up waits for:
    // an image cannot be deleted between this check and the save.
    if ((await missingUploads(tx, imagePathsIn(save.value))).length > 0) {
      throw new ImageNotUploadedError();
    }
    if (!current) throw new ContentNotSeededError(save.section);
    if (current.version !== save.version) throw new ContentConflictError();
    if (isDeepStrictEqual(current.value, save.value)) return savedSectionOf(save.section, current);

    const [updated] = await tx
      .update(siteContent)
      .set({
        value: save.value,
        updatedBy: save.sellerEmail,
        // Strictly later than the version it replaces, even within one clock tick.
        updatedAt: sql`greatest(now(), ${siteContent.updatedAt} + interval '1 microsecond')`,
      })
      .where(eq(siteContent.key, save.section))
      .returning(savedColumns);
    await recordSellerAction(tx, {
      sellerEmail: save.sellerEmail,
      action: 'content.update',
      targetType: 'content',
      targetId: save.section,
      before: current.value,
      after: save.value,
    });
    return savedSectionOf(save.section, updated!);
  });
}
