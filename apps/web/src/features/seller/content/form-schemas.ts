/**
 * The page-content forms. Each form holds what its fields show (a list as
 * lines of a text area, an empty link as ''), and its schema turns that into
 * the section's value and validates it with the contract's own schema, so
 * the browser refuses exactly what the server would. Errors land on the
 * section's paths, which are the form's own, one level deeper for a list
 * typed as lines (see `fieldError`).
 */
import {
  certificateContentSchema,
  instructorContentSchema,
  outlineContentSchema,
  testimonialsContentSchema,
  type CertificateContent,
  type ContentImage,
  type InstructorContent,
  type OutlineContent,
  type Portrait,
  type TestimonialsContent,
} from '@wifi7/contract';
import { z } from 'zod/mini';

/** One entry per line; empty lines do not count. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Paragraphs are separated by an empty line; line breaks inside one are spaces. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim().replace(/\s*\n\s*/g, ' '))
    .filter(Boolean);

const optionalLink = (link: string) => link.trim() || undefined;

function formSchema<Form, Value, Input>(
  toValue: (form: Form) => Input,
  section: z.core.$ZodType<Value, Awaited<Input>>,
) {
  return z.pipe(z.pipe(z.custom<Form>(), z.transform(toValue)), section);
}

// ── Instructor ──────────────────────────────────────────────────────────────

export interface InstructorForm {
  name: string;
  title: string;
  bio: string;
  facts: string;
  profileUrl: string;
  photo: ContentImage;
}

export const instructorToForm = (value: InstructorContent): InstructorForm => ({
  name: value.name,
  title: value.title,
  bio: value.bio.join('\n\n'),
  facts: value.facts.join('\n'),
  profileUrl: value.profileUrl ?? '',
  photo: value.photo,
});

export const instructorFormSchema = formSchema(
  (form: InstructorForm) => ({
    ...form,
    bio: paragraphsOf(form.bio),
    facts: linesOf(form.facts),
    profileUrl: optionalLink(form.profileUrl),
  }),
  instructorContentSchema,
);

// ── Testimonials ────────────────────────────────────────────────────────────

export interface TestimonialForm {
  name: string;
  role: string;
  company: string;
  quote: string;
  profileUrl: string;
  photo: Portrait | null;
}

export interface TestimonialsForm {
  items: TestimonialForm[];
}

export const blankTestimonial = (): TestimonialForm => ({
  name: '',
  role: '',
  company: '',
  quote: '',
  profileUrl: '',
  photo: null,
});

export const testimonialsToForm = (value: TestimonialsContent): TestimonialsForm => ({
  items: value.items.map((item) => ({
    ...blankTestimonial(),
    ...item,
    profileUrl: item.profileUrl ?? '',
    photo: item.photo ?? null,
  })),
});

export const testimonialsFormSchema = formSchema(
  (form: TestimonialsForm) => ({
    items: form.items.map(({ profileUrl, photo, ...item }) => ({
      ...item,
      ...(optionalLink(profileUrl) ? { profileUrl: optionalLink(profileUrl) } : {}),
      ...(photo ? { photo } : {}),
    })),
  }),
  testimonialsContentSchema,
);

// ── Course outline ──────────────────────────────────────────────────────────

export interface OutlineForm {
  sessions: { title: string; topics: string }[];
}

export const blankSession = () => ({ title: '', topics: '' });

export const outlineToForm = (value: OutlineContent): OutlineForm => ({
  sessions: value.sessions.map((session) => ({
    title: session.title,
    topics: session.topics.join('\n'),
  })),
});

export const outlineFormSchema = formSchema(
  (form: OutlineForm) => ({
    sessions: form.sessions.map((session) => ({
      title: session.title,
      topics: linesOf(session.topics),
    })),
  }),
  outlineContentSchema,
);

// ── Certificate ─────────────────────────────────────────────────────────────

export type CertificateForm = CertificateContent;
export const certificateToForm = (value: CertificateContent): CertificateForm => value;
export const certificateFormSchema = certificateContentSchema;
