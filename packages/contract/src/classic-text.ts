/**
 * Storable text (see text.ts) for schemas made with zod's classic API: the
 * back office, checkout and the server's requests. Apart from text.ts, so
 * the pages that load first, which need text.ts, do not load zod classic.
 */
import { z } from 'zod';
import { storableText } from './text';

/** A string schema that refuses NUL and unpaired surrogates. */
export function text() {
  return z.string().check(storableText);
}

/** Trimmed text that must not be empty; the message names the form's label. */
export function requiredText(label: string, max: number) {
  return text().trim().min(1, `${label} is required`).max(max);
}
