/**
 * The back office's Page content (/seller/content): a seller edits a
 * testimonial, gives it a photo, saves, and a visitor's workshop page shows
 * both. Plus the page's look at desktop and phone widths: no serious
 * accessibility violations, and screenshots to look at.
 *
 * Each project signs in with a seller address of its own (config/test.env),
 * and the tests of one project run one after the other: a sign-in link can
 * be used once, and two sign-ins to one address at once could take each
 * other's.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { capture, captureElement, expectNoSeriousViolations } from '../support/look';
import { signIn } from '../support/sign-in';

// Signing in, two axe runs over a long form and the screenshots take a while on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 360_000 });

/** A 1 × 1 PNG, the smallest photo there is. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const sellerOf = (testInfo: TestInfo) => `content.seller.${testInfo.project.name}@example.com`;

async function openContentPage(page: Page, testInfo: TestInfo) {
  await signIn(page, sellerOf(testInfo));
  await page.goto('/seller/content');
  await expect(page.getByRole('heading', { name: 'Page content', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Testimonials', level: 2 })).toBeVisible();
}

test.describe('page content @phone', () => {
  test('looks right, with a testimonial open for editing', async ({ page }, testInfo) => {
    await openContentPage(page, testInfo);
    await expectNoSeriousViolations(page);
    await capture(page, 'seller-content');
    for (const name of ['Instructor', 'Course outline', 'Certificate image']) {
      const region = page.getByRole('region', { name });
      await captureElement(
        page,
        region,
        `seller-content-${name.toLowerCase().replaceAll(' ', '-')}`,
      );
    }

    const testimonials = page.getByRole('region', { name: 'Testimonials' });
    await testimonials.getByRole('button', { name: 'Edit testimonial 1', exact: true }).click();
    await expect(testimonials.getByLabel('Quote')).toBeVisible();
    // A field left empty shows its error.
    await testimonials.getByLabel('Role').fill('');
    await testimonials.getByRole('button', { name: 'Save testimonials' }).click();
    await expect(testimonials.getByLabel('Role')).toBeFocused();
    await expect(testimonials.getByText('The role is required')).toBeVisible();
    await expectNoSeriousViolations(page);
    await captureElement(
      page,
      testimonials.getByRole('article', { name: /^Testimonial 1:/ }),
      'seller-content-testimonial-open',
    );
    await testimonials.getByRole('article', { name: /^Testimonial 1:/ }).scrollIntoViewIfNeeded();
    await capture(page, 'seller-content-testimonial-open-view');

    // Nothing at 375 px runs off the side.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('page content', () => {
  test('a testimonial the seller edits shows on the workshop page', async ({
    page,
    browser,
  }, testInfo) => {
    await openContentPage(page, testInfo);
    const testimonials = page.getByRole('region', { name: 'Testimonials' });
    await testimonials.getByRole('button', { name: 'Edit testimonial 1', exact: true }).click();
    const quote = `Edited in the back office at ${Date.now()}: the capture labs were superb.`;
    await testimonials.getByLabel('Quote').fill(quote);
    await testimonials
      .getByLabel('Replace with a new image')
      .or(testimonials.getByLabel('Upload an image'))
      .setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: PHOTO,
      });
    await expect(testimonials.getByAltText('Preview of the photo')).toBeVisible();
    await testimonials.getByRole('button', { name: 'Save testimonials' }).click();
    await expect(
      page.getByText('Testimonials saved: the workshop page shows it now.'),
    ).toBeVisible();
    await expect(
      testimonials.getByText(`Last saved by ${sellerOf(testInfo)}`, { exact: false }),
    ).toBeVisible();

    // A visitor who is not signed in, in a browser of their own.
    const visitor = await browser.newContext();
    const workshop = await visitor.newPage();
    await workshop.goto('/wifi7-workshop');
    const section = workshop.getByRole('region', { name: 'What past attendees say' });
    const card = section.getByRole('figure').filter({ hasText: quote });
    await expect(card).toBeVisible();
    const photo = card.locator('img');
    await photo.scrollIntoViewIfNeeded();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(1);
    await expect(photo).toHaveAttribute('src', /^\/api\/images\/[0-9a-f]{64}$/);
    await visitor.close();
  });
});
