/**
 * Where the browser tests find the site and the emulators. The defaults are
 * the browser suite's (playwright.config.ts); the deployment test
 * (scripts/test-deploy.mjs) points them at its nginx and emulators.
 */
export const siteUrl = process.env.E2E_SITE_URL ?? 'http://localhost:3100';
export const inboxUrl = process.env.E2E_INBOX_URL ?? 'http://localhost:4100';
export const authEmulatorUrl = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199'}`;
