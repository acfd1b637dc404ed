/**
 * Made with zod/mini: the sign-in form and the workshop page, which load
 * first, check with these. Classic schemas compose them as they are.
 */
import { z } from 'zod/mini';
import { normalizeEmail } from './email-address';
import { miniText } from './text';

export const emailSchema = z.pipe(
  z.pipe(
    // zod's own words for the length, spelt out: the sign-in page has no zod locale.
    miniText(z.maxLength(254, 'Too big: expected string to have <=254 characters')),
    z.transform(normalizeEmail),
  ),
  z.email({ message: 'Enter a valid e-mail address' }),
);

export type Email = z.infer<typeof emailSchema>;

/** Body of every error answer of the API. */
export const apiErrorSchema = z.object({
  statusCode: z.number().check(z.int()),
  error: z.string(),
  message: z.string(),
  /** Field-level problems when a request failed validation. */
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  /** A stable code, for the few failures a page explains in its own words. */
  reason: z.optional(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** ISO 3166-1 alpha-2 country code, upper-cased. */
export const countryCodeSchema = z.pipe(
  z.pipe(
    miniText(z.trim()),
    z.transform((value: string) => value.toUpperCase()),
  ),
  z.string().check(z.regex(/^[A-Z]{2}$/, 'Country code must be two letters')),
);

/**
 * Made by the browser once per confirmation dialog: a repeated request with
 * the same key (a double click, a retry) is answered without acting again.
 */
export const idempotencyKeySchema = miniText(
  z.trim(),
  z.regex(/^[A-Za-z0-9_-]{8,100}$/, 'Not an idempotency key'),
);
