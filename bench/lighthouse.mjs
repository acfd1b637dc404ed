/**
 * Lighthouse (mobile emulation, Debian Chromium, offline-safe flags) on the
 * running local site, printing the category scores and the Core Web Vitals.
 * Start `npm run local` first, then `npm run bench:lighthouse [url ...]`
 * (default: the workshop and login pages on http://localhost:3000).
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const urls = process.argv.slice(2);
if (urls.length === 0)
  urls.push('http://localhost:3000/wifi7-workshop', 'http://localhost:3000/login');

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const rows = [];
try {
  for (const url of urls) {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.displayValue ?? '';
    rows.push({
      url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      seo: score('seo'),
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
    });
  }
} finally {
  await chrome.kill();
}
console.table(rows);
