/**
 * Text the API accepts. PostgreSQL refuses a NUL character in a text column,
 * and an unpaired UTF-16 surrogate has no UTF-8 encoding, so a string
 * carrying either could not be stored or sent to a provider. Every string
 * of every request schema is built on `miniText()` or `text()` (or carries
 * `storableText` when zod makes it, as with `z.url()`); `text.test.ts` walks
 * the request schemas to prove that no field goes without it.
 *
 * Every schema of the contract and the web app is made with zod/mini, the
 * dialect the first page load can afford (docs/decisions/0006).
 */
import { z } from 'zod/mini';

export const UNSTORABLE_TEXT_MESSAGE = 'Must not contain NUL characters or unpaired surrogates';

// With the `u` flag a surrogate pair is one code point; \p{Cs} matches only an unpaired half.
const UNSTORABLE = /[\0\p{Cs}]/u;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * The check itself, for string schemas zod builds (`z.url().check(storableText)`).
 * Classic and zod/mini schemas take it alike.
 */
export const storableText = z.refine<string>(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/**
 * A zod/mini string schema that refuses NUL and unpaired surrogates, with
 * further checks after that one: `miniText(z.trim(), z.maxLength(64))` is
 * classic `text().trim().max(64)`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function miniText(...checks: (z.core.CheckFn<string> | z.core.$ZodCheck<string>)[]) {
  return z.string().check(storableText, ...checks);
}

/** Trimmed text that must not be empty; the message names the form's label (zod/mini). */
/* @__NO_SIDE_EFFECTS__ */
export function miniRequiredText(label: string, max: number) {
  return miniText(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max));
}
