/**
 * Images a seller uploads for the workshop page. The type is read from the
 * bytes (the declared content type is ignored), only JPEG, PNG and WebP are
 * kept — never SVG, which can carry script — and the size in pixels comes
 * from the image itself. What is stored is the image drawn again from its
 * pixels, so no metadata a phone wrote (GPS position, camera, XMP) reaches
 * the public page. An image is stored once, named by the SHA-256 of the
 * stored bytes, so its address can be cached for ever and a second upload of
 * the same file changes nothing but its age (see image-cleanup.ts).
 */
import { createHash } from 'node:crypto';
import {
  MAX_IMAGE_SIDE,
  UPLOADABLE_IMAGE_TYPES,
  uploadedImagePath,
  type UploadableImageType,
  type UploadedImage,
} from '@wifi7/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import type { Database, Db } from '../db/client';
import { uploadedImages } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { recordSellerAction } from '../core/audit';

interface CheckedImage {
  contentType: UploadableImageType;
  width: number;
  height: number;
}

const isUploadable = (type: string | undefined): type is UploadableImageType =>
  (UPLOADABLE_IMAGE_TYPES as readonly string[]).includes(type ?? '');

class NotAnImageError extends HttpError {
  constructor() {
    super(415, 'Upload a JPEG, PNG or WebP image.');
  }
}

/** What the bytes are, whatever the upload claimed; refuses anything but a usable image. */
async function checkImage(bytes: Buffer): Promise<CheckedImage> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!isUploadable(detected?.mime)) throw new NotAnImageError();
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    // The signature fits, but the image's header cannot be read: a truncated or forged file.
    throw new NotAnImageError();
  }
  const { width = 0, height = 0 } = size;
  if (width < 1 || height < 1) throw new NotAnImageError();
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new HttpError(
      422,
      `The image is ${width} × ${height} pixels; make it at most ${MAX_IMAGE_SIDE} pixels on each side.`,
    );
  }
  return { contentType: detected.mime, width, height };
}

/**
 * The image encoded again in its own format from its pixels alone. The
 * EXIF orientation is applied first, so a phone's portrait photo stays
 * upright; no EXIF, XMP, IPTC or comment is written; and whatever a file
 * hides beside its picture (a script or an archive in a polyglot file) is
 * not carried over. sRGB, as a browser shows it.
 */
async function withoutMetadata(
  bytes: Buffer,
  contentType: UploadableImageType,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE }).rotate();
  const encoded = {
    'image/jpeg': () => image.jpeg({ quality: 90 }),
    'image/png': () => image.png(),
    'image/webp': () => image.webp({ quality: 90 }),
  }[contentType]();
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    // The header was readable but the pixels are not: a truncated or forged file.
    throw new NotAnImageError();
  }
}

/** Stores a checked image without its metadata (once per content) and records the upload. */
export async function storeImage(
  db: Database,
  upload: Buffer,
  sellerEmail: string,
): Promise<UploadedImage> {
  const checked = await checkImage(upload);
  const { bytes, width, height } = await withoutMetadata(upload, checked.contentType);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const image: UploadedImage = {
    id: sha256,
    src: uploadedImagePath(sha256),
    contentType: checked.contentType,
    byteSize: bytes.length,
    width,
    height,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(uploadedImages)
      .values({
        id: sha256,
        contentType: checked.contentType,
        byteSize: bytes.length,
        sha256,
        data: bytes.toString('base64'),
        uploadedBy: sellerEmail,
      })
      // Uploaded again: as young as a new upload, so the clean-up leaves it to the save that follows.
      .onConflictDoUpdate({ target: uploadedImages.id, set: { createdAt: sql`now()` } });
    await recordSellerAction(tx, {
      sellerEmail,
      action: 'image.upload',
      targetType: 'image',
      targetId: sha256,
      after: { contentType: image.contentType, byteSize: image.byteSize, width, height },
    });
  });
  return image;
}

export async function findImage(
  db: Db,
  id: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ contentType: uploadedImages.contentType, data: uploadedImages.data })
    .from(uploadedImages)
    .where(eq(uploadedImages.id, id));
  return row ? { contentType: row.contentType, bytes: Buffer.from(row.data, 'base64') } : null;
}

/** Every image address in a section (each image is an object with a `src`). */
export function imagePathsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(imagePathsIn);
  if (value === null || typeof value !== 'object') return [];
  const entries = Object.entries(value);
  const own = entries.flatMap(([key, item]) =>
    key === 'src' && typeof item === 'string' ? [item] : [],
  );
  return [...own, ...entries.flatMap(([, item]) => imagePathsIn(item))];
}

export class ImageNotUploadedError extends HttpError {
  constructor() {
    super(400, 'An image of this section is not among the uploads; upload it again.');
  }
}

/** The uploaded images among these paths that are not stored: a section may not show them. */
export async function missingUploads(db: Db, paths: readonly string[]): Promise<string[]> {
  const prefix = uploadedImagePath('');
  const ids = [...new Set(paths.filter((src) => src.startsWith(prefix)))].map((src) =>
    src.slice(prefix.length),
  );
  if (ids.length === 0) return [];
  const stored = new Set(
    (
      await db
        .select({ id: uploadedImages.id })
        .from(uploadedImages)
        .where(inArray(uploadedImages.id, ids))
    ).map((row) => row.id),
  );
  return ids.filter((id) => !stored.has(id));
}
