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
          // Two files at a time, even on a machine with two cores (Vitest's
          // default there is one): a suite spends most of its time waiting on
          // PostgreSQL, the Auth Emulator and its own HTTP stack, not on the
          // CPU. Each suite has databases, ports and buyers' addresses of its
          // own, and takes the sign-in code the emulator made for its own
          // request, so suites cannot meet.
          maxWorkers: 2,
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
