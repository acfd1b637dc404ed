import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOW_MS, FAULT_MODES, FaultInjector } from './faults';

describe('FaultInjector', () => {
  it('applies to every request until reset when no count is given', () => {
    const faults = new FaultInjector(FAULT_MODES);
    expect(faults.arm({ mode: 'http-500' })).toEqual({
      ok: true,
      rule: {
        mode: 'http-500',
        remaining: null,
        delayMs: 0,
        path: null,
        method: null,
        body: null,
        garbage: 'json',
      },
    });
    for (let i = 0; i < 5; i += 1) expect(faults.take(['/v2/x'])?.mode).toBe('http-500');
    faults.reset();
    expect(faults.take(['/v2/x'])).toBeUndefined();
  });

  it('counts down `times` and then disarms itself', () => {
    const faults = new FaultInjector(FAULT_MODES);
    faults.arm({ mode: 'network', times: 2 });
    expect(faults.take(['/a'])?.mode).toBe('network');
    expect(faults.take(['/a'])?.mode).toBe('network');
    expect(faults.take(['/a'])).toBeUndefined();
    expect(faults.current()).toBeNull();
  });

  it('only counts requests whose path matches the pattern (any given spelling)', () => {
    const faults = new FaultInjector(FAULT_MODES);
    faults.arm({ mode: 'http-503', times: 1, path: '^/v1/oauth2/token$' });
    expect(
      faults.take(['/paypal/v2/invoicing/invoices', '/v2/invoicing/invoices']),
    ).toBeUndefined();
    expect(faults.take(['/paypal/v1/oauth2/token', '/v1/oauth2/token'])?.mode).toBe('http-503');
    expect(faults.take(['/paypal/v1/oauth2/token', '/v1/oauth2/token'])).toBeUndefined();
  });

  it('only counts requests of the given method, when one is given', () => {
    const faults = new FaultInjector(FAULT_MODES);
    faults.arm({ mode: 'lost-answer', times: 1, method: 'POST', path: '/contacts$' });
    expect(faults.take(['/books/v3/contacts'], 'GET')).toBeUndefined();
    expect(faults.take(['/books/v3/contacts'], 'post')?.mode).toBe('lost-answer');
    expect(faults.take(['/books/v3/contacts'], 'POST')).toBeUndefined();
  });

  it('with a body pattern, counts only requests whose body matches', () => {
    const faults = new FaultInjector(FAULT_MODES);
    faults.arm({ mode: 'http-500', body: '"ada@example\\.com"' });
    const post = (body?: string) => faults.take(['/api/enrollments'], 'POST', body);
    expect(post('{"email":"grace@example.com"}')).toBeUndefined();
    expect(post()).toBeUndefined();
    expect(post('{"email":"ada@example.com"}')?.mode).toBe('http-500');
  });

  it('gives slow a default delay and disarms on mode none', () => {
    const faults = new FaultInjector(FAULT_MODES);
    expect(faults.arm({ mode: 'slow' })).toMatchObject({ rule: { delayMs: DEFAULT_SLOW_MS } });
    expect(faults.arm({ mode: 'none' })).toEqual({ ok: true, rule: null });
    expect(faults.take(['/x'])).toBeUndefined();
  });

  it('refuses unknown modes, bad counts, bad patterns and unknown fields', () => {
    const portal = new FaultInjector(['none', 'http-500', 'network', 'slow'] as const);
    for (const input of [
      { mode: 'garbage' },
      { mode: 'http-500', times: 0 },
      { mode: 'http-500', path: '(' },
      { mode: 'http-500', body: '[' },
      { mode: 'slow', delayMs: -1 },
      { mode: 'slow', later: true },
      { mode: 'http-500', method: 'FETCH' },
      undefined,
    ]) {
      expect(portal.arm(input).ok, JSON.stringify(input)).toBe(false);
    }
    expect(portal.current()).toBeNull();
  });
});
