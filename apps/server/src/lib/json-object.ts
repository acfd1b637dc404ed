/**
 * A JSON object parsed from text that may be anything: a webhook's body, a
 * token's claims. Anything else (null, an array, a number, a string, no
 * JSON at all) is `undefined`, so a caller refuses it before reading it.
 */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
