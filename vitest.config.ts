import { defineConfig } from 'vitest/config';

// Every Vitest suite of the repository. `npm run test:unit` runs the fast,
// self-contained projects; `npm run test:integration` the server suites that
// need the Firebase Auth Emulator and PostgreSQL (see scripts/check.mjs);
// `npm run test:faults` the fault matrix, which needs the Auth Emulator.
export default defineConfig({
  test: {
    projects: [
      'packages/contract/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'tools/emulators/vitest.config.ts',
      {
        test: {
          name: 'server-unit',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server-integration',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          // Every suite's PGlite starts from one database migrated up front.
          globalSetup: ['test/support/pglite-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One file at a time: the suites share the Auth Emulator and PostgreSQL.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'server-faults',
          root: 'apps/server',
          include: ['faults/**/*.test.ts'],
          // A cell waits out slow providers and the portal's own time-out.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // The cells arm faults on shared emulators: one at a time, in order.
          fileParallelism: false,
          sequence: { concurrent: false },
        },
      },
    ],
  },
});
