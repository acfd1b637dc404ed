import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('switches off zod’s compiled parsers, which the Content-Security-Policy forbids', async () => {
    await import('./zod-jitless');
    const { config } = await import('zod/mini');
    expect(config().jitless).toBe(true);
  });
});
