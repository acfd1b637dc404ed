import { describe, expect, it } from 'vitest';
import { countryCodeSchema, emailSchema, normalizeEmail } from './common';

describe('e-mail normalisation', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it('validates after normalising', () => {
    expect(emailSchema.parse(' Ada@Example.com ')).toBe('ada@example.com');
    expect(emailSchema.safeParse('not-an-email').success).toBe(false);
    expect(emailSchema.safeParse('   ').success).toBe(false);
  });
});

describe('country codes', () => {
  it('accepts two letters in any case', () => {
    expect(countryCodeSchema.parse(' in ')).toBe('IN');
    expect(countryCodeSchema.safeParse('IND').success).toBe(false);
  });
});
