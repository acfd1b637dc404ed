import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first and last word, skipping a title', () => {
    expect(initials('Priya Raman')).toBe('PR');
    expect(initials('Mei Lin Chen')).toBe('MC');
    expect(initials('Dr. Maya Raghunathan')).toBe('MR');
    expect(initials('  chloé   martin ')).toBe('CM');
  });

  it('copes with one word or none', () => {
    expect(initials('Cher')).toBe('C');
    expect(initials('')).toBe('');
  });
});
