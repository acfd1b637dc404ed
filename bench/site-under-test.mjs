/**
 * Starts what a browser benchmark needs, on free ports, and stops it again:
 * the production build of the server (a fresh embedded database, the test
 * settings of config/test.env) and the emulators of the outside services it
 * calls (geolocation, inbox, providers). The Firebase Auth Emulator is the
 * one FIREBASE_AUTH_EMULATOR_HOST names (config/test.env's by default): a
 * visitor who is not signed in never calls it. Build first (`npm run build`).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitFor(url, what) {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not start`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Starts the site; resolves to its address and a function that stops it all. */
export async function startSite() {
  if (!fs.existsSync(path.join(root, 'apps', 'server', 'dist', 'server.js'))) {
    throw new Error('The server is not built: run `npm run build` first');
  }
  const [sitePort, emulatorsPort, smtpPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const siteUrl = `http://localhost:${sitePort}`;
  const emulatorsUrl = `http://localhost:${emulatorsPort}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wifi7-bench-site-'));
  const testEnv = parseEnv(fs.readFileSync(path.join(root, 'config', 'test.env'), 'utf8'));
  // The test settings name the emulators' fixed ports; these runs use their own.
  const env = Object.fromEntries(
    Object.entries(testEnv).map(([key, value]) => [
      key,
      value
        .replaceAll('localhost:4100', `localhost:${emulatorsPort}`)
        .replaceAll('127.0.0.1:4125', `127.0.0.1:${smtpPort}`),
    ]),
  );
  const authEmulatorHost =
    process.env.FIREBASE_AUTH_EMULATOR_HOST ?? env.FIREBASE_AUTH_EMULATOR_HOST;

  const emulators = spawn(
    process.execPath,
    [path.join(root, 'node_modules', '.bin', 'tsx'), 'tools/emulators/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        EMULATORS_PORT: String(emulatorsPort),
        EMULATORS_SMTP_PORT: String(smtpPort),
        EMULATORS_HOST: '127.0.0.1',
        EMULATORS_PUBLIC_URL: emulatorsUrl,
        // The site mails its own sign-in links: no relay of the Auth Emulator's.
        FIREBASE_AUTH_EMULATOR_HOST: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(sitePort),
      HOST: '127.0.0.1',
      PUBLIC_SITE_URL: siteUrl,
      LOG_LEVEL: 'error',
      PGLITE_DIR: dataDir,
      JOBS_ENABLED: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stopAll = async () => {
    await Promise.all([stop(server), stop(emulators)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${emulatorsUrl}/api/inbox/messages`, 'The emulators');
    await waitFor(`${siteUrl}/api/health`, 'The server');
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { siteUrl, emulatorsUrl, stop: stopAll };
}
