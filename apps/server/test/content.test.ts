/**
 * The workshop page's content on PGlite and on PostgreSQL: seeded from the
 * sample file into a fresh database, read by the public page, replaced one
 * section at a time by a seller (validated, audited, refused from a stale
 * version), and the images sellers upload: typed by their bytes, limited in
 * size, and served with headers that keep a browser from running them.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  contentApiRoutes,
  MAX_IMAGE_BYTES,
  sellerContentApiRoutes,
  WORKSHOP_CONTENT_ELEMENT_ID,
  workshopContentSchema,
  type SellerContentResponse,
  type Testimonial,
  type UploadedImage,
  type WorkshopContent,
} from '@wifi7/contract';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, siteContent, uploadedImages } from '../src/db/schema';
import { readContentFile, seedMissingContent } from '../src/content/content-file';
import { deleteUnusedImages, UNUSED_IMAGE_GRACE_HOURS } from '../src/content/image-cleanup';
import { startJobRunner } from '../src/job-runner';
import { findRepositoryRoot } from '../src/lib/repository-root';
import { buildTestApp, testConfig } from './support/app';
import { signedInBuyer, signInWithEmailLink } from './support/auth-emulator';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';
import {
  phonePhotoJpeg,
  PHOTO_CAMERA_MAKE,
  PHOTO_XMP_MARKER,
  pngWithExif,
  webpWithExif,
} from './support/images';

const SAMPLE_FILE = path.join(findRepositoryRoot(), 'catalog', 'content.json');

/** The smallest images of each kind a seller may upload: 1 × 1 pixel. */
const images = {
  jpeg: Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKAA/9k=',
    'base64',
  ),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
};

/** Whether EXIF data points to a GPS directory (tag 0x8825, in either byte order). */
function hasGpsDirectory(exif: Buffer | undefined): boolean {
  const tag = exif?.subarray(0, 16).includes('II*') ? [0x25, 0x88] : [0x88, 0x25];
  return exif?.includes(Buffer.from(tag)) ?? false;
}

/** The 1 × 1 PNG, claiming another size in its header. */
function pngSized(width: number, height: number): Buffer {
  const bytes = Buffer.from(images.png);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

describe.each(databaseKinds)('page content on %s', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let dist: string;
  let seller: string;
  let buyer: string;
  const sample = readContentFile(SAMPLE_FILE);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
    );
    app = await buildTestApp(database.handle, { config: testConfig({ WEB_DIST_DIR: dist }) });
    seller = (await signInWithEmailLink('seller@example.com')).idToken;
    buyer = (await signedInBuyer()).idToken;
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const db = () => database.handle.db;
  const as = (idToken: string) => ({ authorization: `Bearer ${idToken}` });
  const sellerContent = async () => {
    const response = await app.inject({ url: sellerContentApiRoutes.content, headers: as(seller) });
    expect(response.statusCode).toBe(200);
    return response.json<SellerContentResponse>();
  };
  const publicContent = async () => {
    const response = await app.inject({ url: contentApiRoutes.workshopContent });
    expect(response.statusCode).toBe(200);
    return response.json<WorkshopContent>();
  };
  const saveTestimonials = (version: string, items: Testimonial[], idToken = seller) =>
    app.inject({
      method: 'PUT',
      url: sellerContentApiRoutes.testimonials,
      headers: as(idToken),
      payload: { version, value: { items } },
    });
  const auditCount = async () => (await db().select({ value: count() }).from(auditLog))[0]!.value;
  const upload = (body: Buffer, contentType: string, idToken: string | null = seller) =>
    app.inject({
      method: 'POST',
      url: sellerContentApiRoutes.images,
      headers: { 'content-type': contentType, ...(idToken ? as(idToken) : {}) },
      payload: body,
    });
  /** Shows this image as the certificate, saved from the section's current version. */
  const saveCertificateImage = async (image: { src: string; width: number; height: number }) => {
    const { certificate } = await sellerContent();
    return app.inject({
      method: 'PUT',
      url: sellerContentApiRoutes.certificate,
      headers: as(seller),
      payload: {
        version: certificate.version,
        value: {
          image: {
            src: image.src,
            alt: 'Our certificate',
            width: image.width,
            height: image.height,
          },
        },
      },
    });
  };
  const storedImages = async () =>
    (await db().select({ value: count() }).from(uploadedImages))[0]!.value;

  describe('a fresh database', () => {
    it('has no content until the sample is seeded, and then the whole sample', async () => {
      expect((await app.inject({ url: contentApiRoutes.workshopContent })).statusCode).toBe(503);

      expect(await seedMissingContent(db(), SAMPLE_FILE)).toEqual([
        'instructor',
        'testimonials',
        'outline',
        'certificate',
      ]);
      expect(await publicContent()).toEqual(sample);
      expect(sample.testimonials.items).toHaveLength(22);
      expect(sample.outline.sessions).toHaveLength(15);
    });

    it('is seeded once: a second start changes nothing', async () => {
      const before = await db().select().from(siteContent);
      expect(await seedMissingContent(db(), SAMPLE_FILE)).toEqual([]);
      expect(await db().select().from(siteContent)).toEqual(before);
    });

    it('puts the content into every page the server sends, as inert JSON', async () => {
      for (const url of ['/', '/wifi7-workshop', '/seller/content']) {
        const response = await app.inject({ url });
        const match = new RegExp(
          `<script id="${WORKSHOP_CONTENT_ELEMENT_ID}" type="application/json">(.*?)</script>`,
        ).exec(response.body);
        expect(workshopContentSchema.parse(JSON.parse(match?.[1] ?? 'null'))).toEqual(sample);
      }
    });
  });

  describe('the public read', () => {
    it('may be cached for a minute, and revalidated with its ETag', async () => {
      const first = await app.inject({ url: contentApiRoutes.workshopContent });
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await app.inject({
        url: contentApiRoutes.workshopContent,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });
  });

  describe('a seller editing a section', () => {
    it('is for sellers only', async () => {
      expect((await app.inject({ url: sellerContentApiRoutes.content })).statusCode).toBe(401);
      const { testimonials } = await sellerContent();
      const response = await saveTestimonials(testimonials.version, [], buyer);
      expect(response.statusCode).toBe(403);
      expect(await publicContent()).toEqual(sample);
    });

    it('reads every section with its version, as the sample until someone saves it', async () => {
      const content = await sellerContent();
      expect(content.testimonials.value).toEqual(sample.testimonials);
      expect(content.testimonials.updatedBy).toBeNull();
      expect(content.instructor.version).toMatch(/^\d{20}$/);
    });

    it('replaces a testimonial: the page shows it, and the audit log has before and after', async () => {
      const { testimonials } = await sellerContent();
      const [first, ...others] = testimonials.value.items;
      const edited = { ...first!, quote: 'Edited by the seller: clear and deep.' };
      const auditBefore = await auditCount();

      const response = await saveTestimonials(testimonials.version, [edited, ...others]);
      expect(response.statusCode).toBe(200);
      const saved = response.json<SellerContentResponse['testimonials']>();
      expect(saved.value.items[0]!.quote).toBe('Edited by the seller: clear and deep.');
      expect(saved.updatedBy).toBe('seller@example.com');
      expect(saved.version).not.toBe(testimonials.version);
      expect(saved.version > testimonials.version).toBe(true);

      expect((await publicContent()).testimonials.items[0]!.quote).toBe(
        'Edited by the seller: clear and deep.',
      );
      expect(await auditCount()).toBe(auditBefore + 1);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, 'testimonials'));
      expect(entry).toMatchObject({
        actorEmail: 'seller@example.com',
        action: 'content.update',
        targetType: 'content',
        before: testimonials.value,
        after: saved.value,
      });
    });

    it('refuses a save from a version someone else replaced (409), changing nothing', async () => {
      const { testimonials } = await sellerContent();
      const fromFirstTab = await saveTestimonials(testimonials.version, [
        { ...testimonials.value.items[0]!, quote: 'Saved in the first tab.' },
      ]);
      expect(fromFirstTab.statusCode).toBe(200);
      const auditBefore = await auditCount();

      const fromSecondTab = await saveTestimonials(testimonials.version, [
        { ...testimonials.value.items[0]!, quote: 'Saved in the second tab.' },
      ]);
      expect(fromSecondTab.statusCode).toBe(409);
      expect(fromSecondTab.json()).toMatchObject({ statusCode: 409, error: 'Conflict' });
      expect((await publicContent()).testimonials.items).toEqual([
        expect.objectContaining({ quote: 'Saved in the first tab.' }),
      ]);
      expect(await auditCount()).toBe(auditBefore);
    });

    it('answers a save that changes nothing with the section as it is, unrecorded', async () => {
      const { testimonials } = await sellerContent();
      const auditBefore = await auditCount();
      const response = await saveTestimonials(testimonials.version, testimonials.value.items);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(testimonials);
      expect(await auditCount()).toBe(auditBefore);
    });

    it.each([
      ['a script link', { profileUrl: 'javascript:alert(1)' }],
      ['a plain-http link', { profileUrl: 'http://linkedin.example/in/someone' }],
      ['an empty name', { name: '   ' }],
      [
        'a photo from elsewhere',
        { photo: { src: 'https://evil.example/x.png', width: 1, height: 1 } },
      ],
      ['an unknown field', { rating: 5 }],
    ])('refuses %s with 400, changing nothing', async (_what, change) => {
      const { testimonials } = await sellerContent();
      const auditBefore = await auditCount();
      const response = await saveTestimonials(testimonials.version, [
        { ...testimonials.value.items[0]!, ...change } as Testimonial,
      ]);
      expect(response.statusCode).toBe(400);
      expect((await sellerContent()).testimonials).toEqual(testimonials);
      expect(await auditCount()).toBe(auditBefore);
    });

    it('refuses an image that was never uploaded', async () => {
      const { instructor } = await sellerContent();
      const response = await app.inject({
        method: 'PUT',
        url: sellerContentApiRoutes.instructor,
        headers: as(seller),
        payload: {
          version: instructor.version,
          value: {
            ...instructor.value,
            photo: { ...instructor.value.photo, src: `/api/images/${'0'.repeat(64)}` },
          },
        },
      });
      expect(response.statusCode).toBe(400);
      expect((await sellerContent()).instructor).toEqual(instructor);
    });
  });

  describe('image uploads', () => {
    it('stores a JPEG and serves it back with headers no browser runs it under', async () => {
      const response = await upload(images.jpeg, 'image/jpeg');
      expect(response.statusCode).toBe(201);
      const image = response.json<{ id: string; src: string; byteSize: number }>();
      expect(image).toMatchObject({ contentType: 'image/jpeg', width: 1, height: 1 });
      expect(image.src).toBe(`/api/images/${image.id}`);

      const served = await app.inject({ url: image.src });
      expect(served.statusCode).toBe(200);
      // What is served is what was stored, named by its own hash.
      expect(served.rawPayload.length).toBe(image.byteSize);
      expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(image.id);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

      const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, image.id));
      expect(entry).toMatchObject({ action: 'image.upload', actorEmail: 'seller@example.com' });
    });

    it('types an image by its bytes: a PNG sent as a JPEG is stored as a PNG', async () => {
      const response = await upload(images.png, 'image/jpeg');
      expect(response.statusCode).toBe(201);
      const { src } = response.json<{ src: string }>();
      expect((await app.inject({ url: src })).headers['content-type']).toBe('image/png');
    });

    it('takes WebP, and stores the same image once however often it comes', async () => {
      const first = await upload(images.webp, 'image/webp');
      const before = await storedImages();
      const second = await upload(images.webp, 'application/octet-stream');
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(await storedImages()).toBe(before);
    });

    it.each([
      ['an HTML page sent as a PNG', Buffer.from('<!doctype html><script>alert(1)</script>')],
      [
        'an SVG image',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ],
      ['a PNG signature with nothing after it', images.png.subarray(0, 12)],
    ])('refuses %s with 415, storing nothing', async (_what, body) => {
      const before = await storedImages();
      const response = await upload(body, 'image/png');
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ message: 'Upload a JPEG, PNG or WebP image.' });
      expect(await storedImages()).toBe(before);
    });

    it('refuses an image too large in pixels with 422', async () => {
      const response = await upload(pngSized(9000, 10), 'image/png');
      expect(response.statusCode).toBe(422);
    });

    it('refuses a body over 2 MB with 413 before storing anything', async () => {
      const before = await storedImages();
      const oversized = Buffer.concat([images.png, Buffer.alloc(MAX_IMAGE_BYTES)]);
      const response = await upload(oversized, 'image/png');
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ message: 'The image is larger than 2 MB.' });
      expect(await storedImages()).toBe(before);
    });

    it('refuses a buyer (403) and a caller without a token (401) before reading the body', async () => {
      const oversized = Buffer.concat([images.png, Buffer.alloc(MAX_IMAGE_BYTES)]);
      expect((await upload(images.png, 'image/png', buyer)).statusCode).toBe(403);
      expect((await upload(oversized, 'image/png', buyer)).statusCode).toBe(403);
      expect((await upload(images.png, 'image/png', null)).statusCode).toBe(401);
      expect((await upload(oversized, 'image/png', null)).statusCode).toBe(401);
    });

    it('answers an unknown image with 404, and an id that is no hash with 400', async () => {
      expect((await app.inject({ url: `/api/images/${'f'.repeat(64)}` })).statusCode).toBe(404);
      expect((await app.inject({ url: '/api/images/..%2F..%2Fetc' })).statusCode).toBe(400);
    });

    it('strips a phone photo of its GPS position, camera and XMP, and keeps it upright', async () => {
      const photo = await phonePhotoJpeg();
      // The photo as the phone wrote it carries all of it.
      const original = await sharp(photo).metadata();
      expect(hasGpsDirectory(original.exif)).toBe(true);
      expect(photo.includes(PHOTO_CAMERA_MAKE)).toBe(true);
      expect(photo.includes(PHOTO_XMP_MARKER)).toBe(true);
      expect(original).toMatchObject({ width: 24, height: 16, orientation: 6 });

      const response = await upload(photo, 'image/jpeg');
      expect(response.statusCode).toBe(201);
      const image = response.json<{ src: string; width: number; height: number }>();
      const served = (await app.inject({ url: image.src })).rawPayload;

      const stored = await sharp(served).metadata();
      expect(stored).toMatchObject({ format: 'jpeg', width: 16, height: 24 });
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.iptc).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
      expect(served.includes(PHOTO_CAMERA_MAKE)).toBe(false);
      expect(served.includes(PHOTO_XMP_MARKER)).toBe(false);
      expect(served.includes('Exif\0')).toBe(false);
      // Turned upright by its orientation, as the phone showed it, and the sizes say so.
      expect(image).toMatchObject({ width: 16, height: 24 });
      // It still decodes, to the colour it was.
      const { channels } = await sharp(served).stats();
      expect(channels[0]!.mean).toBeGreaterThan(150);
    });

    it.each([
      ['PNG', 'image/png', pngWithExif],
      ['WebP', 'image/webp', webpWithExif],
    ])('strips the EXIF of a %s too', async (_kind, contentType, make) => {
      const bytes = await make();
      expect((await sharp(bytes).metadata()).exif).toBeDefined();
      const response = await upload(bytes, contentType);
      expect(response.statusCode).toBe(201);
      const served = (await app.inject({ url: response.json<{ src: string }>().src })).rawPayload;
      const stored = await sharp(served).metadata();
      expect(stored.exif).toBeUndefined();
      expect(served.includes(PHOTO_CAMERA_MAKE)).toBe(false);
      expect(stored).toMatchObject({ width: 8, height: 8 });
    });

    it('keeps nothing a polyglot file hides after its picture', async () => {
      const payload = '<script>alert(document.cookie)</script>';
      const polyglot = Buffer.concat([await pngWithExif(), Buffer.from(payload)]);
      const response = await upload(polyglot, 'image/png');
      expect(response.statusCode).toBe(201);
      const served = (await app.inject({ url: response.json<{ src: string }>().src })).rawPayload;
      expect(served.includes(payload)).toBe(false);
    });

    it('refuses an image whose header reads but whose pixels do not, with 415', async () => {
      const photo = await phonePhotoJpeg();
      const before = await storedImages();
      const response = await upload(photo.subarray(0, photo.length - 40), 'image/jpeg');
      expect(response.statusCode).toBe(415);
      expect(await storedImages()).toBe(before);
    });

    it('lets a section use an uploaded image, and the page shows it', async () => {
      const image = (await upload(images.png, 'image/png')).json<{ src: string }>();
      const response = await saveCertificateImage({ src: image.src, width: 1, height: 1 });
      expect(response.statusCode).toBe(200);
      expect((await publicContent()).certificate.image.src).toBe(image.src);
    });
  });
  describe('uploads no section uses', () => {
    const uploadNew = async (side: number) => {
      const response = await upload(await pngWithExif(side, side), 'image/png');
      expect(response.statusCode).toBe(201);
      return response.json<UploadedImage>();
    };
    const makeOlder = (image: UploadedImage, hours: number) =>
      db()
        .update(uploadedImages)
        .set({ createdAt: sql`now() - ${hours} * interval '1 hour'` })
        .where(eq(uploadedImages.id, image.id));
    const served = async (image: UploadedImage) =>
      (await app.inject({ url: image.src })).statusCode === 200;

    it('are deleted by the background job once a day old; what a section shows stays', async () => {
      const unused = await uploadNew(3);
      const recent = await uploadNew(4);
      const used = await uploadNew(5);
      expect((await saveCertificateImage(used)).statusCode).toBe(200);
      await makeOlder(unused, UNUSED_IMAGE_GRACE_HOURS + 1);
      await makeOlder(used, UNUSED_IMAGE_GRACE_HOURS + 1);
      await makeOlder(recent, UNUSED_IMAGE_GRACE_HOURS - 1);

      const jobs = startJobRunner({ db: db(), ...app.services, log: app.log }, 3600);
      await jobs.runOnce();
      await jobs.stop();

      expect(await served(unused)).toBe(false);
      expect(await served(recent)).toBe(true);
      expect(await served(used)).toBe(true);
      expect((await publicContent()).certificate.image.src).toBe(used.src);
    });

    it('are deleted once when several instances clean up at the same time', async () => {
      const old = [await uploadNew(6), await uploadNew(7), await uploadNew(9)];
      for (const image of old) await makeOlder(image, UNUSED_IMAGE_GRACE_HOURS + 1);
      const passes = await Promise.all([deleteUnusedImages(db()), deleteUnusedImages(db())]);
      expect(passes[0] + passes[1]).toBe(old.length);
      for (const image of old) expect(await served(image)).toBe(false);
    });

    it('count as new when uploaded again, so the save that follows finds them', async () => {
      const image = await uploadNew(10);
      await makeOlder(image, UNUSED_IMAGE_GRACE_HOURS + 1);
      expect((await upload(await pngWithExif(10, 10), 'image/png')).json()).toEqual(image);
      expect(await deleteUnusedImages(db())).toBe(0);
      expect(await served(image)).toBe(true);
    });

    it('cannot be put in a section once deleted: the seller is asked to upload again', async () => {
      const image = await uploadNew(11);
      await makeOlder(image, UNUSED_IMAGE_GRACE_HOURS + 1);
      expect(await deleteUnusedImages(db())).toBe(1);
      const response = await saveCertificateImage(image);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'An image of this section is not among the uploads; upload it again.',
      });
    });
  });
});
