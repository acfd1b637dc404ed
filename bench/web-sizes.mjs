/**
 * What the web pages cost a cold visit, measured two ways. Run
 * `npm run bench:web` (it builds first).
 *
 * 1. Loaded in Debian Chromium: each page is opened cold (empty cache, no
 *    session) against the production server and its emulators on free
 *    ports, until the network is idle. Every script and stylesheet the page
 *    fetched is counted at the size the server sends it (the build's .gz and
 *    .br files, which the server serves as they are), split by whether it
 *    blocks the first paint (Chromium's render-blocking status). The budget
 *    line checks the workshop page's page-load JavaScript.
 * 2. The build: every script and stylesheet, gzip and brotli.
 *
 * The last line holds the figures as JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startSite } from './site-under-test.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps', 'web', 'dist');
const routes = ['/wifi7-workshop', '/login'];
const BUDGET_ROUTE = '/wifi7-workshop';
const BUDGET_JS_GZIP_KB = 100;

const kb = (bytes) => Number((bytes / 1024).toFixed(1));
const fileSize = (file) => (fs.existsSync(file) ? fs.statSync(file).size : undefined);
/** What the server sends for a built file: its precompressed copy, or the file when small. */
const servedSize = (relative, encoding) => {
  const file = path.join(dist, relative);
  return fileSize(`${file}.${encoding}`) ?? fileSize(file) ?? 0;
};

async function measureRoute(browser, siteUrl, route) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(siteUrl + route, { waitUntil: 'networkidle' });
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      url: entry.name,
      blocking: entry.renderBlockingStatus === 'blocking',
      transferred: entry.transferSize,
    })),
  );
  await context.close();
  return entries
    .filter((entry) => /\.(js|css)$/.test(new URL(entry.url).pathname))
    .map((entry) => {
      const file = new URL(entry.url).pathname.slice(1);
      return {
        route,
        file,
        kind: file.endsWith('.css') ? 'CSS' : 'JS',
        blocking: entry.blocking,
        gzip: servedSize(file, 'gz'),
        brotli: servedSize(file, 'br'),
        transferred: entry.transferred,
      };
    });
}

const site = await startSite();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const loaded = [];
try {
  for (const route of routes) loaded.push(...(await measureRoute(browser, site.siteUrl, route)));
} finally {
  await browser.close();
  await site.stop();
}

const sum = (rows, field) => rows.reduce((total, row) => total + row[field], 0);
const summary = {};
const rows = [];
for (const route of routes) {
  const mine = loaded.filter((row) => row.route === route);
  for (const kind of ['JS', 'CSS']) {
    for (const blocking of [true, false]) {
      const group = mine.filter((row) => row.kind === kind && row.blocking === blocking);
      if (group.length === 0) continue;
      rows.push({
        route,
        what: `${kind}, ${blocking ? 'blocks first paint' : 'after first paint'}`,
        files: group.length,
        'gzip kB': kb(sum(group, 'gzip')),
        'brotli kB': kb(sum(group, 'brotli')),
        'sent kB': kb(sum(group, 'transferred')),
      });
    }
  }
  const js = mine.filter((row) => row.kind === 'JS');
  const css = mine.filter((row) => row.kind === 'CSS');
  const blocking = mine.filter((row) => row.blocking);
  summary[route] = {
    jsGzipKb: kb(sum(js, 'gzip')),
    jsBrotliKb: kb(sum(js, 'brotli')),
    cssGzipKb: kb(sum(css, 'gzip')),
    blockingGzipKb: kb(sum(blocking, 'gzip')),
  };
  rows.push({
    route,
    what: 'page load, JS + CSS',
    files: mine.length,
    'gzip kB': kb(sum(mine, 'gzip')),
    'brotli kB': kb(sum(mine, 'brotli')),
    'sent kB': kb(sum(mine, 'transferred')),
  });
}

console.log(
  '\nCold page loads in Chromium until the network is idle (sent: as transferred, brotli):',
);
console.table(rows);
console.log('Files each page loaded:');
console.table(
  loaded.map(({ route, file, blocking, gzip, brotli }) => ({
    route,
    file,
    blocking,
    'gzip kB': kb(gzip),
    'brotli kB': kb(brotli),
  })),
);

const built = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((file) => /\.(js|css)$/.test(file))
  .map((file) => `assets/${file}`);
const onPageLoad = new Set(loaded.map((row) => row.file));
const later = built.filter((file) => !onPageLoad.has(file));
const laterJs = later.filter((file) => file.endsWith('.js'));
console.log(
  `The build: ${built.length} scripts and stylesheets; ${later.length} load only on demand ` +
    `(checkout, back office, Firebase, dialogs), ${kb(laterJs.reduce((t, f) => t + servedSize(f, 'gz'), 0))} kB gzip of JS.`,
);

const budget = summary[BUDGET_ROUTE].jsGzipKb;
const pass = budget <= BUDGET_JS_GZIP_KB;
console.log(
  `Budget: ${BUDGET_ROUTE} page-load JS ${budget} kB gzip ≤ ${BUDGET_JS_GZIP_KB} kB: ${pass ? 'PASS' : 'FAIL'}`,
);
console.log(JSON.stringify({ budget: pass ? 'PASS' : 'FAIL', ...summary }));
