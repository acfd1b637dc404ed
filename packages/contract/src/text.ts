import { z } from 'zod';

/**
 * Text the API accepts. PostgreSQL refuses a NUL character in a text column,
 * and an unpaired UTF-16 surrogate has no UTF-8 encoding, so a string
 * carrying either could not be stored or sent to a provider. Every string
 * of every request schema is built on `text()` (or carries `storableText`
 * when zod makes it, as with `z.url()`); `text.test.ts` walks the request
 * schemas to prove that no field goes without it.
 */
export const UNSTORABLE_TEXT_MESSAGE = 'Must not contain NUL characters or unpaired surrogates';

// With the `u` flag a surrogate pair is one code point; \p{Cs} matches only an unpaired half.
const UNSTORABLE = /[\0\p{Cs}]/u;
const UNSTORABLE_ALL = /[\0\p{Cs}]/gu;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** The check itself, for string schemas zod builds (`z.url().check(storableText)`). */
export const storableText = z.refine<string>(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/** A string schema that refuses NUL and unpaired surrogates. */
export function text() {
  return z.string().check(storableText);
}

/** `value` with each NUL and unpaired surrogate replaced by U+FFFD, for text sent as it comes. */
export function toStorableText(value: string): string {
  return value.replace(UNSTORABLE_ALL, '\uFFFD');
}

/** Trimmed text that must not be empty; the message names the form's label. */
export function requiredText(label: string, max: number) {
  return text().trim().min(1, `${label} is required`).max(max);
}
