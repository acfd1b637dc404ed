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
// Route → file (the server's site module knows the same names), and the
// page's own code that the app loads on demand, fetched with the app.
const pages = {
  '/wifi7-workshop': { file: 'wifi7-workshop.html', lazy: [] },
  '/login': { file: 'login.html', lazy: ['src/features/auth/pages/LoginPage.tsx'] },
};
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
/** The chunk of `source` and every chunk it imports, as paths the browser asks for. */
const chunksOf = (source, found = new Set()) => {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`The build has no chunk for ${source}`);
  if (found.has(`/${chunk.file}`)) return found;
  found.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) chunksOf(imported, found);
  return found;
};

const { renderPage } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const emptyRoot = '<div id="root"></div>';
if (!template.includes(emptyRoot)) throw new Error(`index.html has no ${emptyRoot}`);
// The app's scripts are fetched and run after the first paint
// (public/start-after-paint.js): the HTML is the page, and fetching or
// running them first would only delay it.
const moduleScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const preloadLink = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
// The build may name more than one script (its runtime beside the app):
// the entry is the one no other imports; the others are fetched alongside
// it, as the chunks it imports are.
const scripts = [...template.matchAll(moduleScript)].map((match) => match[1]);
const importsOf = (script) =>
  Object.values(manifest)
    .find((chunk) => `/${chunk.file}` === script)
    ?.imports?.map((key) => `/${manifest[key].file}`) ?? [];
const imported = new Set(scripts.flatMap(importsOf));
const [entry, ...others] = scripts.filter((script) => !imported.has(script));
if (!entry || others.length > 0) throw new Error('index.html has no single entry script');
const preloads = [
  ...scripts.filter((script) => script !== entry),
  ...[...template.matchAll(preloadLink)].map((match) => match[1]),
];
const pageTemplate = (lazy) => {
  const pagePreloads = [...preloads];
  for (const source of lazy) {
    for (const chunk of chunksOf(source))
      if (!pagePreloads.includes(chunk)) pagePreloads.push(chunk);
  }
  const starter = `<script defer src="/start-after-paint.js" data-entry="${entry}" data-preload="${pagePreloads.join(' ')}"></script>\n`;
  let started = false;
  return template
    .replace(preloadLink, '')
    .replace(moduleScript, () => (started ? '' : ((started = true), starter)));
};

fs.mkdirSync(outDir, { recursive: true });
for (const [route, { file, lazy }] of Object.entries(pages)) {
  let body = await renderPage(route);
  // React 19 leaves a page's <title> where the page renders it; in the
  // browser it lives in the head (and hydration looks for it there).
  const titles = body.match(/<title>[^<]*<\/title>/g) ?? [];
  body = body.replace(/<title>[^<]*<\/title>/g, '');
  let html = pageTemplate(lazy).replace(emptyRoot, () => `<div id="root">${body}</div>`);
  if (titles.length > 0) html = html.replace(/<title>[^<]*<\/title>/, () => titles.at(-1));
  fs.writeFileSync(path.join(outDir, file), html);
  const size = (html.length / 1024).toFixed(1);
  process.stdout.write(`prerendered ${route} → dist/prerendered/${file} (${size} kB)\n`);
}
fs.rmSync(ssrDir, { recursive: true, force: true });
// Only the build needs the manifest; the site does not serve it.
fs.rmSync(path.dirname(manifestFile), { recursive: true, force: true });
