/**
 * What Books accepts as a new contact: the fields our server sends and
 * their neighbours, with Books' rules — a display name (`contact_name`,
 * at most 200 characters) is the only required field; `gst_treatment`
 * decides whether a GSTIN belongs; `place_of_contact` is a two-letter
 * Indian state code and makes no sense for overseas contacts; one contact
 * person is the primary one and, for this product, must have an e-mail
 * (the list call's `email` is that person's). Unknown fields are ignored,
 * as Zoho does. The first problem is answered, in Zoho's words.
 */
import { z } from 'zod';
import type { ZohoApiError } from './errors';
import { booksErrors } from './errors';

/** GST state and union-territory codes Books takes in `place_of_contact`. */
export const INDIAN_STATE_CODES = [
  'AN',
  'AP',
  'AR',
  'AS',
  'BR',
  'CG',
  'CH',
  'DD',
  'DL',
  'DN',
  'GA',
  'GJ',
  'HP',
  'HR',
  'JH',
  'JK',
  'KA',
  'KL',
  'LA',
  'LD',
  'MH',
  'ML',
  'MN',
  'MP',
  'MZ',
  'NL',
  'OD',
  'PB',
  'PY',
  'RJ',
  'SK',
  'TN',
  'TR',
  'TS',
  'UK',
  'UP',
  'WB',
] as const;

export const GST_TREATMENTS = [
  'business_gst',
  'business_none',
  'overseas',
  'consumer',
  'business_sez',
  'deemed_export',
  'tax_deductor',
  'sez_developer',
] as const;

/** 15 characters: state code, PAN, entity number, Z, check character. */
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const text = (max: number) => z.string().trim().max(max);

const addressSchema = z.looseObject({
  attention: text(100).optional(),
  address: text(500).optional(),
  street2: text(255).optional(),
  state_code: text(10).optional(),
  city: text(100).optional(),
  state: text(100).optional(),
  zip: text(50).optional(),
  country: text(100).optional(),
  phone: text(50).optional(),
  fax: text(50).optional(),
});

const personSchema = z.looseObject({
  salutation: text(25).optional(),
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  email: z.email().max(100).optional(),
  phone: text(50).optional(),
  mobile: text(50).optional(),
  is_primary_contact: z.boolean().optional(),
});

const contactSchema = z.looseObject({
  contact_name: z.string().trim().min(1).max(200),
  company_name: text(200).optional(),
  contact_type: z.enum(['customer', 'vendor']).default('customer'),
  customer_sub_type: z.enum(['individual', 'business']).default('business'),
  gst_treatment: z.enum(GST_TREATMENTS).optional(),
  gst_no: z.string().regex(GSTIN).optional(),
  place_of_contact: z.enum(INDIAN_STATE_CODES).optional(),
  contact_persons: z.array(personSchema).max(100).optional(),
  billing_address: addressSchema.optional(),
  shipping_address: addressSchema.optional(),
  notes: text(5000).optional(),
});

export type ContactRequest = z.infer<typeof contactSchema>;
export type AddressRequest = z.infer<typeof addressSchema>;
export type PersonRequest = z.infer<typeof personSchema>;

/** `contact_persons.email` rather than `contact_persons.0.email`: Zoho names fields, not positions. */
function fieldOf(path: readonly PropertyKey[]): string {
  return path.filter((part) => typeof part === 'string').join('.') || 'JSONString';
}

/** The body as a contact request, or the error Books would answer. */
export function checkContactRequest(body: unknown): ContactRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw booksErrors.malformedBody();
  const parsed = contactSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = fieldOf(issue?.path ?? []);
    if (issue?.code === 'too_big' && issue.origin === 'string')
      throw booksErrors.tooLong(field, Number(issue.maximum));
    throw booksErrors.invalidValue(field);
  }
  const contact = parsed.data;
  const problem = crossFieldProblem(contact);
  if (problem) throw problem;
  return contact;
}

function crossFieldProblem(contact: ContactRequest): ZohoApiError | undefined {
  const treatment = contact.gst_treatment;
  if (treatment === 'business_gst' && !contact.gst_no) return booksErrors.invalidValue('gst_no');
  if (contact.gst_no && treatment !== 'business_gst' && treatment !== 'business_sez')
    return booksErrors.invalidValue('gst_no');
  if (contact.place_of_contact && treatment === 'overseas')
    return booksErrors.invalidValue('place_of_contact');

  const persons = contact.contact_persons ?? [];
  if (persons.length === 0) return undefined;
  const primaries = persons.filter((person) => person.is_primary_contact === true);
  if (primaries.length > 1) return booksErrors.invalidValue('contact_persons.is_primary_contact');
  // Books makes the first person primary when none is marked.
  const primary = primaries[0] ?? persons[0];
  if (!primary?.email) return booksErrors.invalidValue('contact_persons.email');
  return undefined;
}
