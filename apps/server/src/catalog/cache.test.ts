import { describe, expect, it } from 'vitest';
import { CatalogCache } from './cache';

/** A loader that counts its calls and answers the current value. */
function source(initial: number) {
  const state = { value: initial, calls: 0 };
  const load = () => {
    state.calls += 1;
    return Promise.resolve(state.value);
  };
  return { state, load };
}

describe('the catalog cache', () => {
  it('reads through to the database until it listens', async () => {
    const cache = new CatalogCache();
    const { state, load } = source(1);
    await cache.read('k', load);
    await cache.read('k', load);
    expect(state.calls).toBe(2);
  });

  it('loads once while it listens, and again after a change', async () => {
    const cache = new CatalogCache();
    cache.resume();
    const { state, load } = source(1);
    expect(await Promise.all([cache.read('k', load), cache.read('k', load)])).toEqual([1, 1]);
    expect(state.calls).toBe(1);
    state.value = 2;
    cache.clear();
    expect(await cache.read('k', load)).toBe(2);
    expect(state.calls).toBe(2);
  });

  it('never keeps a load that began before a change', async () => {
    const cache = new CatalogCache();
    cache.resume();
    let finish: (value: number) => void = () => {};
    const slow = cache.read('k', () => new Promise<number>((resolve) => (finish = resolve)));
    cache.clear();
    finish(1);
    expect(await slow).toBe(1);
    expect(await cache.read('k', () => Promise.resolve(2))).toBe(2);
  });

  it('forgets everything and reads through once the listener is lost, until it listens again', async () => {
    const cache = new CatalogCache();
    cache.resume();
    const { state, load } = source(1);
    await cache.read('k', load);
    cache.suspend();
    state.value = 2;
    expect(await cache.read('k', load)).toBe(2);
    expect(await cache.read('k', load)).toBe(2);
    expect(state.calls).toBe(3);
    cache.resume();
    state.value = 3;
    expect(await cache.read('k', load)).toBe(3);
  });

  it('does not keep a failed load', async () => {
    const cache = new CatalogCache();
    cache.resume();
    await expect(cache.read('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.read('k', () => Promise.resolve(1))).toBe(1);
  });
});
