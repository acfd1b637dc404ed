/**
 * Browser tests in Debian's Chromium against the production build: the site
 * (port 3100, a fresh PGlite folder each run) and the emulators with the
 * local inbox (port 4100; 4125 takes the site's own e-mail over SMTP). The
 * Firebase Auth Emulator (port 9199) is started around this run by
 * `npm run check` (firebase emulators:exec).
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';

const root = path.resolve(import.meta.dirname, '..');
const authEmulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
const siteUrl = 'http://localhost:3100';
const inboxUrl = 'http://localhost:4100';
// A fresh database for every run; removed again by the global teardown.
process.env.E2E_PGLITE_DIR ??= path.join(os.tmpdir(), `wifi7-e2e-${Date.now()}`);

export default defineConfig({
  testDir: './tests',
  globalTeardown: './support/global-teardown.ts',
  outputDir: './test-results',
  // Room for a busy machine (CI runs the unit and integration suites beside
  // these): every wait is on a condition, and a failing one still ends.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: siteUrl,
    launchOptions: chromiumLaunchOptions,
    // Recording a trace costs every test about a third more time, and a CI
    // run keeps only its output: run a failing test again with `--trace on`
    // to see one. A failure still keeps its screenshot.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 812 },
        isMobile: false,
        hasTouch: true,
      },
      grep: /@phone/,
    },
  ],
  webServer: [
    {
      command: `node "${path.join(root, 'node_modules/.bin/tsx')}" tools/emulators/src/main.ts`,
      cwd: root,
      url: `${inboxUrl}/api/inbox/messages`,
      env: {
        EMULATORS_PORT: '4100',
        // config/test.env's SMTP_URL points here.
        EMULATORS_SMTP_PORT: '4125',
        EMULATORS_HOST: '127.0.0.1',
        EMULATORS_PUBLIC_URL: inboxUrl,
        PAYPAL_WEBHOOK_TARGET_URL: `${siteUrl}/api/webhooks/paypal`,
        ZOHO_WEBHOOK_TARGET_URL: `${siteUrl}/api/webhooks/zoho`,
        // The site mails its own sign-in links: no relay of the Auth Emulator's (set for the site).
        FIREBASE_AUTH_EMULATOR_HOST: '',
      },
      reuseExistingServer: false,
      timeout: 180_000,
    },
    {
      command: 'node --enable-source-maps --env-file=config/test.env apps/server/dist/server.js',
      cwd: root,
      url: `${siteUrl}/api/health`,
      env: {
        PGLITE_DIR: process.env.E2E_PGLITE_DIR,
        FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
      },
      reuseExistingServer: false,
      timeout: 180_000,
    },
  ],
});
