/**
 * A site of its own for tests that change what every buyer sees (closing
 * every batch), so the other specs, which share the site on port 3100 and
 * run alongside, never meet a closed registration. Each Playwright worker
 * starts the production build once, on its own port and a fresh PGlite
 * folder, with the emulators and the Auth Emulator of the run, and a seller
 * address of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..', '..');
/** Ports 3110, 3111, …: one per worker, away from the shared site's 3100. */
const FIRST_PORT = 3110;
const START_DEADLINE_MS = 180_000;

export interface PrivateSite {
  url: string;
  /** On this site's seller list only. */
  sellerEmail: string;
}

async function waitUntilHealthy(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The private site exited (${server.exitCode}):\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The private site did not answer within ${START_DEADLINE_MS} ms:\n${output()}`);
}

export const test = base.extend<object, { privateSite: PrivateSite }>({
  privateSite: [
    // Playwright reads a fixture's dependencies from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = FIRST_PORT + workerInfo.parallelIndex;
      const url = `http://localhost:${port}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wifi7-e2e-private-'));
      const sellerEmail = `catalog.seller.${workerInfo.parallelIndex}.${Date.now()}@example.com`;
      let output = '';
      const server = spawn(
        process.execPath,
        ['--enable-source-maps', '--env-file=config/test.env', 'apps/server/dist/server.js'],
        {
          cwd: root,
          env: {
            ...process.env,
            PORT: String(port),
            PUBLIC_SITE_URL: url,
            PGLITE_DIR: dataDir,
            SELLER_EMAILS: sellerEmail,
            FIREBASE_AUTH_EMULATOR_HOST:
              process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await waitUntilHealthy(url, server, () => output);
        await use({ url, sellerEmail });
      } finally {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        if (server.exitCode === null) {
          server.kill('SIGTERM');
          await exited;
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
        fs.rmSync(`${dataDir}.lock`, { force: true });
      }
    },
    // Starting the build and migrating a fresh database takes a few seconds on a busy machine.
    { scope: 'worker', timeout: START_DEADLINE_MS + 30_000 },
  ],
  baseURL: async ({ privateSite }, use) => {
    await use(privateSite.url);
  },
});

export { expect } from '@playwright/test';
