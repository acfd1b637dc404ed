/**
 * An e-mail address as the product stores and compares it: trimmed and
 * lower-cased before it is validated (spec section 5, "Login e-mail").
 */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export const INDIA_COUNTRY_CODE = 'IN';
export const FALLBACK_COUNTRY_CODE = 'US';
