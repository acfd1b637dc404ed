/**
 * Prints what the production web build weighs: the files a first visit to
 * /wifi7-workshop downloads before it can render (entry script, its
 * preloaded chunks, the stylesheet), and the chunks loaded later on demand.
 * Sizes raw, gzip and brotli. Run `npm run bench:web` (it builds first).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps', 'web', 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

const referenced = (pattern) =>
  [...html.matchAll(pattern)].map((match) => match[1].replace(/^\//, ''));
const entryScripts = referenced(/<script[^>]+type="module"[^>]+src="([^"]+)"/g);
const preloads = referenced(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g);
const styles = referenced(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
const firstPaint = new Set([...entryScripts, ...preloads, ...styles]);

const sizeOf = (file) => {
  const bytes = fs.readFileSync(path.join(dist, file));
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};
const kb = (bytes) => (bytes / 1024).toFixed(1);
const table = (rows) =>
  rows.map((row) => ({
    file: row.file,
    'raw kB': kb(row.raw),
    'gzip kB': kb(row.gzip),
    'brotli kB': kb(row.brotli),
  }));
const total = (rows, label) =>
  rows.reduce(
    (sum, row) => ({
      file: label,
      raw: sum.raw + row.raw,
      gzip: sum.gzip + row.gzip,
      brotli: sum.brotli + row.brotli,
    }),
    { file: label, raw: 0, gzip: 0, brotli: 0 },
  );

const assets = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((file) => /\.(js|css)$/.test(file))
  .map((file) => `assets/${file}`);
const initial = [...firstPaint].map(sizeOf);
const initialJs = initial.filter((row) => row.file.endsWith('.js'));
const initialCss = initial.filter((row) => row.file.endsWith('.css'));
const lazy = assets
  .filter((file) => !firstPaint.has(file))
  .map(sizeOf)
  .sort((a, b) => b.gzip - a.gzip);

console.log(
  '\nFirst paint of /wifi7-workshop and /login (index.html, entry script, preloaded chunks, stylesheet):',
);
console.table(table([...initial, total(initialJs, 'JS total'), total(initialCss, 'CSS total')]));
console.log('Loaded on demand (Firebase after the first paint; checkout pages on navigation):');
console.table(table([...lazy, total(lazy, 'lazy total')]));
const summary = {
  firstPaintJsGzipKb: Number(kb(total(initialJs, '').gzip)),
  firstPaintCssGzipKb: Number(kb(total(initialCss, '').gzip)),
  lazyJsGzipKb: Number(
    kb(
      total(
        lazy.filter((row) => row.file.endsWith('.js')),
        '',
      ).gzip,
    ),
  ),
};
console.log(JSON.stringify(summary));
