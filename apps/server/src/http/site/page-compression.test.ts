import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageCompressor } from './page-compression';

const page = (words: string) => `<!doctype html><html><body>${words.repeat(200)}</body></html>`;

describe('compressed pages', () => {
  it('answers the text uncompressed when the browser accepts no compression we make', async () => {
    const compressed = pageCompressor();
    for (const header of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      expect(await compressed(page('a'), header), String(header)).toEqual({ body: page('a') });
    }
  });

  it('prefers brotli, and respects what the browser prefers', async () => {
    const compressed = pageCompressor();
    const brotli = await compressed(page('a'), 'gzip, deflate, br');
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(page('a'));
    const gzip = await compressed(page('a'), 'br;q=0.5, gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page('a'));
  });

  it('never answers an edited page with an older text, however many it keeps', async () => {
    const compressed = pageCompressor({ keep: 2 });
    for (const words of ['a', 'b', 'c', 'a', 'd', 'b']) {
      const { body } = await compressed(page(words), 'br');
      expect(brotliDecompressSync(body).toString()).toBe(page(words));
    }
  });

  it('compresses a text once while it is kept', async () => {
    const compressed = pageCompressor();
    const first = await compressed(page('a'), 'br');
    const second = await compressed(page('a'), 'br');
    expect(second.body).toBe(first.body);
  });
});
