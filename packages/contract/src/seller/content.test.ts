import { describe, expect, it } from 'vitest';
import { contentImageSchema, testimonialSchema, uploadedImagePath } from './content';

const image = (src: string) => ({ src, alt: 'A photo', width: 320, height: 320 });
const testimonial = {
  name: 'Priya Raman',
  role: 'Firmware Engineer',
  company: '',
  quote: 'Clear and deep.',
};

describe('the page content schemas', () => {
  it('take an uploaded image or one of the sample images the site ships', () => {
    for (const src of [uploadedImagePath('0123456789abcdef'.repeat(4)), '/images/instructor.svg']) {
      expect(contentImageSchema.safeParse(image(src)).success).toBe(true);
    }
  });

  it('refuse an image from anywhere else', () => {
    for (const src of [
      'https://evil.example/photo.png',
      '//evil.example/photo.png',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      '/api/images/not-a-hash',
      '/images/../api/seller/content',
      '/images/',
    ]) {
      expect([src, contentImageSchema.safeParse(image(src)).success]).toEqual([src, false]);
    }
  });

  it('link a testimonial to an https profile only', () => {
    const withLink = (profileUrl: string) =>
      testimonialSchema.safeParse({ ...testimonial, profileUrl }).success;
    expect(withLink('https://www.linkedin.com/in/priya')).toBe(true);
    expect(withLink('http://www.linkedin.com/in/priya')).toBe(false);
    expect(withLink('javascript:alert(1)')).toBe(false);
    expect(withLink('https://')).toBe(false);
    expect(testimonialSchema.safeParse(testimonial).success).toBe(true);
  });
});
