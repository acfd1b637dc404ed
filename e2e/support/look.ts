/**
 * Checks of how a page looks: no serious or critical accessibility
 * violations (axe), and screenshots kept as
 * e2e/test-results/screenshots/<width>-<name>.png to look at (and attached
 * to the report).
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

export async function expectNoSeriousViolations(page: Page): Promise<void> {
  // A toast fading in or out is half transparent, and axe reads its colours as
  // they are in that frame: let every animation that ends (spinners never do) end.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    ),
  ).toEqual([]);
}

export async function capture(page: Page, name: string, fullPage = false): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  if (fullPage) {
    // Lazy images load once they come near the view: each part of the page is
    // shown for a frame (the browser decides what to load when it paints),
    // then the screenshot waits for what that asked for to arrive.
    const scrollAndPaint = (top: number) =>
      new Promise<number>((resolve) => {
        window.scrollTo(0, top);
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve(document.body.scrollHeight)),
        );
      });
    for (let y = 0, height = 1; y < height; y += 600) {
      height = await page.evaluate(scrollAndPaint, y);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForLoadState('networkidle');
  }
  // Sections far from the view are not painted (content-visibility: auto)
  // until a visitor scrolls near them; a full-page capture shows them all.
  const showAll = fullPage
    ? await page.addStyleTag({ content: '* { content-visibility: visible !important; }' })
    : undefined;
  const body = await page.screenshot({ fullPage, path: screenshotPath(page, name) });
  await showAll?.evaluate((style) => style.parentNode?.removeChild(style));
  await test.info().attach(`${widthOf(page)}-${name}`, { body, contentType: 'image/png' });
}

/** A screenshot of one part of the page, kept beside the others. */
export async function captureElement(page: Page, element: Locator, name: string): Promise<void> {
  const body = await element.screenshot({ path: screenshotPath(page, name) });
  await test.info().attach(`${widthOf(page)}-${name}`, { body, contentType: 'image/png' });
}

const widthOf = (page: Page) => page.viewportSize()?.width ?? 0;

function screenshotPath(page: Page, name: string): string {
  return path.join(
    import.meta.dirname,
    '..',
    'test-results',
    'screenshots',
    `${widthOf(page)}-${name}.png`,
  );
}
