/**
 * A webhook's event is a JSON object: anything else (null, an array, a
 * number, a string, no JSON at all) is refused before it is verified.
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body parsed, when it is a JSON object; `undefined` otherwise. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
