/**
 * Writes the prerendered pages into the web build: for each route, the
 * built index.html with the route's HTML inside `#root` and its title in the
 * head. The server answers those routes with these files (embedding the
 * public configuration as it does into index.html), and the browser hydrates
 * them. Runs after both Vite builds (see the `build` script).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const ssrDir = path.join(dist, '.ssr');
const outDir = path.join(dist, 'prerendered');
// Route → file; the server's site module knows the same names.
const pages = { '/wifi7-workshop': 'wifi7-workshop.html', '/login': 'login.html' };

const { renderPage } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const emptyRoot = '<div id="root"></div>';
if (!template.includes(emptyRoot)) throw new Error(`index.html has no ${emptyRoot}`);
// The app's scripts are fetched and run after the first paint
// (public/start-after-paint.js): the HTML is the page, and fetching or
// running them first would only delay it.
const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const preloadLink = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const entry = entryScript.exec(template)?.[1];
if (!entry) throw new Error('index.html has no entry script');
const preloads = [...template.matchAll(preloadLink)].map((match) => match[1]);
const pageTemplate = template
  .replace(preloadLink, '')
  .replace(
    entryScript,
    () =>
      `<script defer src="/start-after-paint.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`,
  );

fs.mkdirSync(outDir, { recursive: true });
for (const [route, file] of Object.entries(pages)) {
  let body = await renderPage(route);
  // React 19 leaves a page's <title> where the page renders it; in the
  // browser it lives in the head (and hydration looks for it there).
  const titles = body.match(/<title>[^<]*<\/title>/g) ?? [];
  body = body.replace(/<title>[^<]*<\/title>/g, '');
  let html = pageTemplate.replace(emptyRoot, () => `<div id="root">${body}</div>`);
  if (titles.length > 0) html = html.replace(/<title>[^<]*<\/title>/, () => titles.at(-1));
  fs.writeFileSync(path.join(outDir, file), html);
  const size = (html.length / 1024).toFixed(1);
  process.stdout.write(`prerendered ${route} → dist/prerendered/${file} (${size} kB)\n`);
}
fs.rmSync(ssrDir, { recursive: true, force: true });
