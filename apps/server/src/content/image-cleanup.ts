/**
 * Deletes uploaded images no page-content section shows. A seller uploads
 * an image first and saves the section that uses it after, so an image is
 * only deleted once it is older than a grace period; uploading it again
 * makes it young again (see images.ts).
 *
 * Safe on every instance at once: the pass holds a share lock on the
 * sections, so a save that would start using an image waits for it (and
 * then finds the image gone, and asks for the upload again), and a save
 * under way is waited for (and its image is then seen in use). Two passes
 * at once delete each image once.
 */
import { and, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { siteContent, uploadedImages } from '../db/schema';

/** Long enough for a seller to finish a section after uploading its image. */
export const UNUSED_IMAGE_GRACE_HOURS = 24;

/** Deletes the unused images older than the grace period; returns how many. */
export async function deleteUnusedImages(
  db: Database,
  graceHours = UNUSED_IMAGE_GRACE_HOURS,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.select({ key: siteContent.key }).from(siteContent).for('share');
    // A section names an image by its address, which ends with the image's
    // id (a SHA-256): finding the id anywhere in the section's value can only
    // keep an image too many, never delete one in use.
    const usedBySomeSection = sql`exists (select 1 from ${siteContent} where strpos(${siteContent.value}::text, ${uploadedImages.id}) > 0)`;
    const deleted = await tx
      .delete(uploadedImages)
      .where(
        and(
          lt(uploadedImages.createdAt, sql`now() - ${graceHours} * interval '1 hour'`),
          sql`not ${usedBySomeSection}`,
        ),
      )
      .returning({ id: uploadedImages.id });
    return deleted.length;
  });
}
