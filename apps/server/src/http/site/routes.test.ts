import type { PublicConfig } from '@wifi7/contract';
import { describe, expect, it } from 'vitest';
import { fillConfigMarkers } from './routes';

const config = {
  apiBaseUrl: '',
  siteBaseUrl: 'https://shop.example.com',
  firebase: {
    apiKey: 'k',
    authDomain: 'd',
    projectId: 'p',
    authEmulatorUrl: null,
    signInMail: 'firebase',
  },
  companySiteUrl: 'https://example.com/?a=1&b="2"',
  coursesPortalUrl: 'https://portal.example.com',
  geolocationUrl: 'https://geo.example.com',
} satisfies PublicConfig;

describe('configured addresses in a prerendered page', () => {
  it('are put in where the build left markers, escaped for HTML', () => {
    const html = '<a href="https://config.invalid/companySiteUrl">x</a>';
    expect(fillConfigMarkers(html, config)).toBe(
      '<a href="https://example.com/?a=1&amp;b=&quot;2&quot;">x</a>',
    );
  });

  it('leave a marker of no known address alone', () => {
    const html = '<a href="https://config.invalid/firebase">x</a>';
    expect(fillConfigMarkers(html, config)).toBe(html);
  });
});
