import { describe, expect, it } from 'vitest';
import { countryCodeSchema, emailSchema } from './common';
import { normalizeEmail } from './email-address';

describe('e-mail normalisation', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it('validates after normalising', () => {
    expect(emailSchema.parse(' Ada@Example.com ')).toBe('ada@example.com');
    expect(emailSchema.safeParse('not-an-email').success).toBe(false);
    expect(emailSchema.safeParse('   ').success).toBe(false);
  });

  it('words a too long address as zod does, with no zod locale loaded', () => {
    const tooLong = `${'a'.repeat(250)}@example.com`;
    // zod's English locale's words for a string over 254 characters.
    expect(emailSchema.safeParse(tooLong).error?.issues[0]?.message).toBe(
      'Too big: expected string to have <=254 characters',
    );
  });
});

describe('country codes', () => {
  it('accepts two letters in any case', () => {
    expect(countryCodeSchema.parse(' in ')).toBe('IN');
    expect(countryCodeSchema.safeParse('IND').success).toBe(false);
  });
});
