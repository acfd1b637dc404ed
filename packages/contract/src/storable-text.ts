const UNSTORABLE_ALL = /[\0\p{Cs}]/gu;

/** `value` with each NUL and unpaired surrogate replaced by U+FFFD, for text sent as it comes. */
export function toStorableText(value: string): string {
  return value.replace(UNSTORABLE_ALL, '\uFFFD');
}
