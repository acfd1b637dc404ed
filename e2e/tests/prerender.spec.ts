/**
 * The prerendered workshop and login pages: their content is in the HTML
 * the server sends, they look the same before scripts run and once React
 * has taken over (the main boxes do not move), hydration reports nothing in
 * the console, and a visitor who is not signed in never downloads the
 * Firebase SDK. Screenshots of both moments are kept as
 * e2e/test-results/screenshots/<width>-prerender-<page>-{before,after}.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { capture } from '../support/look';

const pages = [
  { name: 'workshop', path: '/wifi7-workshop', heading: 'Wi-Fi 7 Workshop' },
  { name: 'login', path: '/login', heading: 'Sign in to enroll' },
];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The boxes of the page's landmarks and its heading (scrolled to the top). */
async function landmarkBoxes(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = async (selector: string): Promise<Box> => {
    const found = await page.locator(selector).first().boundingBox();
    if (!found) throw new Error(`${selector} has no box`);
    return found;
  };
  return {
    banner: await box('header'),
    heading: await box('h1'),
    main: await box('main'),
    firstBlock: await box('main > :not(title)'),
  };
}

/** The top bar's placeholder for the signed-in e-mail goes once the session is known. */
async function waitUntilHydrated(page: Page) {
  await expect(page.locator('header .animate-pulse')).toHaveCount(0, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

test.describe('prerendered pages @phone', () => {
  for (const { name, path, heading } of pages) {
    test(`${path} arrives with its content and hydrates without moving`, async ({
      page,
      request,
    }) => {
      // The HTML itself holds the page, before any script runs.
      const html = await (await request.get(path)).text();
      expect(html).toContain(`>${heading}</h1>`);
      expect(html).toContain('<script id="app-config" type="application/json">');
      expect(html).not.toContain('config.invalid');

      // Before hydration: scripts blocked, so what shows is the HTML alone.
      await page.route('**/*.js', (route) => route.abort());
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await capture(page, `prerender-${name}-before`);
      const before = await landmarkBoxes(page);

      // After hydration, in a fresh page with scripts.
      await page.unrouteAll();
      const problems: string[] = [];
      const sdkRequests: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(`${message.type()}: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('request', (sent) => {
        if (/\/assets\/firebase-[^/]*\.js$/.test(sent.url())) sdkRequests.push(sent.url());
      });
      await page.goto(path);
      await waitUntilHydrated(page);
      if (name === 'workshop') {
        await expect(page.getByText('$499.00', { exact: true })).toBeVisible();
      }
      await capture(page, `prerender-${name}-after`);
      const after = await landmarkBoxes(page);

      expect(problems).toEqual([]);
      expect(sdkRequests).toEqual([]);
      expect(after.banner).toEqual(before.banner);
      expect(after.heading).toEqual(before.heading);
      // The per-visitor parts (price, batches) may grow the page below; nothing above moves.
      for (const landmark of ['main', 'firstBlock'] as const) {
        const { x, y, width } = after[landmark];
        expect({ x, y, width }).toEqual({
          x: before[landmark].x,
          y: before[landmark].y,
          width: before[landmark].width,
        });
      }
    });
  }
});
