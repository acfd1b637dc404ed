/**
 * The deployment journeys (e2e/deploy): run by scripts/test-deploy.mjs
 * against the release artifact behind nginx with TLS, never on their own.
 * One at a time, since they kill server instances.
 */
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';
import { siteUrl } from './support/urls';

export default defineConfig({
  testDir: './deploy',
  outputDir: './test-results/deploy',
  timeout: 240_000,
  expect: { timeout: 30_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: siteUrl,
    // The certificate is made for the test run.
    ignoreHTTPSErrors: true,
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
