/**
 * Pages go out compressed. A page is the built HTML with the configuration
 * and the seller's content put in, so it is made per request and cannot be
 * compressed at build time like the scripts; uncompressed it is three to
 * four times larger, and on a slow phone connection that is the difference
 * between one round trip and several before anything shows.
 *
 * A page's text only changes when the seller edits its content, so each text
 * is compressed once (off the event loop, at the strongest setting) and the
 * few most recent are kept. The cache is keyed by the text itself, so an
 * edit is never answered with an older page.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

/** What the client accepts, in our order of preference when it likes both the same. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

const compressors: Record<Exclude<Encoding, 'identity'>, (text: string) => Promise<Buffer>> = {
  br: (text) =>
    promisify(zlib.brotliCompress)(text, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    }),
  gzip: (text) => promisify(zlib.gzip)(text, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

export interface CompressedPage {
  body: string | Buffer;
  /** The Content-Encoding to send, when the body is compressed. */
  encoding?: 'br' | 'gzip';
}

/**
 * Returns a function answering a page's text in the best encoding the
 * request's Accept-Encoding allows. `keep` bounds how many compressed texts
 * stay in memory: two pages, two encodings and an edit in flight fit in 8.
 */
export function pageCompressor({ keep = 8 }: { keep?: number } = {}) {
  const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS] });
  const kept = new Map<string, Promise<Buffer>>();

  const compressed = (encoding: Exclude<Encoding, 'identity'>, text: string) => {
    const key = `${encoding}\n${text}`;
    let body = kept.get(key);
    if (!body) {
      body = compressors[encoding](text);
      // A failed compression is not kept: the next request tries again.
      body.catch(() => kept.delete(key));
      kept.set(key, body);
      if (kept.size > keep) kept.delete(kept.keys().next().value!);
    }
    return body;
  };

  return async (text: string, acceptEncoding: string | undefined): Promise<CompressedPage> => {
    const encoding = acceptEncoding ? negotiator.negotiate(acceptEncoding) : null;
    if (encoding === null || encoding === 'identity') return { body: text };
    return { body: await compressed(encoding, text), encoding };
  };
}
