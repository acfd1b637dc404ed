/**
 * The workshop page's content a seller edits in the back office: the
 * instructor, the testimonials, the course outline and the certificate
 * image. One schema per section validates what a seller saves and what the
 * public page reads, so the page can never be handed a shape it cannot show.
 * The page's fixed texts (the specification's wording, headings) are not
 * content: they stay in the web app.
 *
 * Images are uploaded to us and served by us; a section refers to one by its
 * path. Besides uploads, the paths of the sample images the web app ships
 * (`/images/…`) are accepted, so the sample content stays valid.
 *
 * Made with zod/mini: the workshop page, which loads first, reads the
 * content with these. Classic schemas compose them as they are.
 */
import { z } from 'zod/mini';
import { miniRequiredText, miniText, storableText } from '../text';
import { contentApiRoutes } from './content-routes';

// ── Images ──────────────────────────────────────────────────────────────────

/** The image types a seller may upload (no SVG: it can carry script). */
export const UPLOADABLE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadableImageType = (typeof UPLOADABLE_IMAGE_TYPES)[number];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Wider or taller than this is no photo for a web page (and may be a decompression bomb). */
export const MAX_IMAGE_SIDE = 8000;

/** An uploaded image is named by the SHA-256 of its bytes, so its address never changes meaning. */
const IMAGE_ID = /^[0-9a-f]{64}$/;
const IMAGE_SRC = /^\/(?:api\/images\/[0-9a-f]{64}|images\/[A-Za-z0-9][A-Za-z0-9._-]{0,99})$/;

export function uploadedImagePath(id: string): string {
  return contentApiRoutes.image.replace(':id', id);
}

export const contentImageParamsSchema = z.strictObject({
  id: miniText(z.regex(IMAGE_ID, 'Not an image id')),
});

const imageSrcSchema = miniText(
  z.regex(IMAGE_SRC, 'Upload the image here; other addresses are not used'),
);
const imageSideSchema = z.number().check(z.int(), z.gte(1), z.lte(MAX_IMAGE_SIDE));

/** An image the page shows, with the size it reserves while the image loads. */
export const contentImageSchema = z.strictObject({
  src: imageSrcSchema,
  alt: miniRequiredText('A description of the image', 300),
  width: imageSideSchema,
  height: imageSideSchema,
});
export type ContentImage = z.infer<typeof contentImageSchema>;

/** A small photo next to a name, which says who it is: no description of its own. */
export const portraitSchema = z.omit(contentImageSchema, { alt: true });
export type Portrait = z.infer<typeof portraitSchema>;

export const uploadedImageSchema = z.object({
  id: z.string(),
  src: z.string(),
  contentType: z.enum(UPLOADABLE_IMAGE_TYPES),
  byteSize: z.number().check(z.int()),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

// ── Sections ────────────────────────────────────────────────────────────────

/** A public profile (LinkedIn or the like): https only, never a script. */
const profileUrlSchema = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'Enter an https:// address' })
  .check(z.maxLength(500), storableText);

export const instructorContentSchema = z.strictObject({
  name: miniRequiredText('The name', 120),
  title: miniRequiredText('The title', 160),
  bio: z
    .array(miniRequiredText('A paragraph', 1500))
    .check(
      z.minLength(1, 'Write at least one paragraph'),
      z.maxLength(6, 'Keep it to 6 paragraphs'),
    ),
  /** Short facts shown as chips ("19 years in WLAN design and testing"). */
  facts: z.array(miniRequiredText('A fact', 120)).check(z.maxLength(6, 'Keep it to 6 facts')),
  profileUrl: z.optional(profileUrlSchema),
  photo: contentImageSchema,
});
export type InstructorContent = z.infer<typeof instructorContentSchema>;

export const testimonialSchema = z.strictObject({
  name: miniRequiredText('The name', 120),
  role: miniRequiredText('The role', 120),
  company: miniText(z.trim(), z.maxLength(120)),
  quote: miniRequiredText('The quote', 600),
  profileUrl: z.optional(profileUrlSchema),
  photo: z.optional(portraitSchema),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const testimonialsContentSchema = z.strictObject({
  items: z.array(testimonialSchema).check(z.maxLength(60, 'Keep it to 60 testimonials')),
});
export type TestimonialsContent = z.infer<typeof testimonialsContentSchema>;

export const outlineSessionSchema = z.strictObject({
  title: miniRequiredText('The session title', 160),
  topics: z
    .array(miniRequiredText('A topic', 200))
    .check(z.minLength(1, 'List at least one topic'), z.maxLength(10, 'Keep it to 10 topics')),
});
export type OutlineSession = z.infer<typeof outlineSessionSchema>;

export const outlineContentSchema = z.strictObject({
  sessions: z
    .array(outlineSessionSchema)
    .check(z.minLength(1, 'List at least one session'), z.maxLength(30, 'Keep it to 30 sessions')),
});
export type OutlineContent = z.infer<typeof outlineContentSchema>;

export const certificateContentSchema = z.strictObject({ image: contentImageSchema });
export type CertificateContent = z.infer<typeof certificateContentSchema>;

export const CONTENT_SECTIONS = ['instructor', 'testimonials', 'outline', 'certificate'] as const;
export type ContentSection = (typeof CONTENT_SECTIONS)[number];

export const contentSectionSchemas = {
  instructor: instructorContentSchema,
  testimonials: testimonialsContentSchema,
  outline: outlineContentSchema,
  certificate: certificateContentSchema,
} as const satisfies Record<ContentSection, z.ZodMiniType>;

/** Everything the workshop page shows from the database. */
export const workshopContentSchema = z.strictObject(contentSectionSchemas);
export type WorkshopContent = z.infer<typeof workshopContentSchema>;

// ── The seller's calls ──────────────────────────────────────────────────────

/**
 * Which saved state a seller edited. A save names it, and the server refuses
 * (409) one made from an older state, so two tabs never overwrite each
 * other unseen. Opaque to the browser.
 */
const versionSchema = miniText(z.minLength(1), z.maxLength(64));

type SectionSchemas = typeof contentSectionSchemas;
type SectionSchema = SectionSchemas[ContentSection];

const sectionUpdate = <T extends SectionSchema>(value: T) =>
  z.strictObject({ version: versionSchema, value });

/** A section as saved: its value, its version and who saved it when (none for the sample). */
const savedSection = <T extends SectionSchema>(value: T) =>
  z.object({
    value,
    version: z.string(),
    updatedAt: z.string(),
    updatedBy: z.nullable(z.string()),
  });

/** One schema per section, made from the section's own: `Made` names each one's type. */
function perSection<Made extends Record<ContentSection, z.ZodMiniType>>(
  make: (value: SectionSchema) => z.ZodMiniType,
): Made {
  return Object.fromEntries(
    CONTENT_SECTIONS.map((section) => [section, make(contentSectionSchemas[section])]),
  ) as Made;
}

export const contentSectionUpdateSchemas = /* @__PURE__ */ perSection<{
  [S in ContentSection]: ReturnType<typeof sectionUpdate<SectionSchemas[S]>>;
}>(sectionUpdate);

export const {
  instructor: instructorUpdateRequestSchema,
  testimonials: testimonialsUpdateRequestSchema,
  outline: outlineUpdateRequestSchema,
  certificate: certificateUpdateRequestSchema,
} = contentSectionUpdateSchemas;

export const savedSectionSchemas = /* @__PURE__ */ perSection<{
  [S in ContentSection]: ReturnType<typeof savedSection<SectionSchemas[S]>>;
}>(savedSection);

/** A section as saved (one of them, for a union of sections). */
export type SavedSection<S extends ContentSection> = S extends ContentSection
  ? { value: WorkshopContent[S]; version: string; updatedAt: string; updatedBy: string | null }
  : never;

export const sellerContentResponseSchema = z.object(savedSectionSchemas);
export type SellerContentResponse = z.infer<typeof sellerContentResponseSchema>;
