import { describe, expect, it, vi } from 'vitest';
import { isIndiaPath, lookUpCountry } from './visitor-country';

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );

describe('lookUpCountry', () => {
  it('reads the country field, upper-cased', async () => {
    const fetcher = answer(200, { country: 'in', ip: '203.0.113.7' });
    expect(
      await lookUpCountry('https://geo.example/json', fetcher as unknown as typeof fetch, () => {}),
    ).toEqual({ country: 'IN', lookedUp: true });
    expect(fetcher).toHaveBeenCalledWith(
      'https://geo.example/json',
      expect.objectContaining({ headers: { Accept: 'application/json' } }),
    );
  });

  it.each([
    ['an error status', answer(503, { error: 'down' })],
    ['no country', answer(200, { ip: '1.2.3.4' })],
    ['a bad country', answer(200, { country: 'India' })],
    [
      'a network failure',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ],
    [
      'a time-out',
      vi.fn(async () => {
        throw new DOMException('The operation timed out.', 'TimeoutError');
      }),
    ],
  ])('logs and falls back to US on %s', async (_case, fetcher) => {
    const log = vi.fn();
    expect(
      await lookUpCountry('https://geo.example/json', fetcher as unknown as typeof fetch, log),
    ).toEqual({ country: 'US', lookedUp: false });
    expect(log).toHaveBeenCalledOnce();
  });

  it('gives up after 5 seconds', async () => {
    const fetcher = vi.fn(async (_url: string, init?: RequestInit) => {
      expect(init?.signal).toBeInstanceOf(AbortSignal);
      return new Response('{"country":"US"}');
    });
    await lookUpCountry('https://geo.example/json', fetcher as unknown as typeof fetch, () => {});
  });
});

describe('isIndiaPath', () => {
  it('is the India path when either the look-up or the chosen country is IN', () => {
    expect(isIndiaPath('IN')).toBe(true);
    expect(isIndiaPath('US', 'IN')).toBe(true);
    expect(isIndiaPath('US', 'GB')).toBe(false);
    expect(isIndiaPath(undefined)).toBe(false);
  });
});
