/**
 * Runs the whole product on this machine: the Firebase Auth Emulator, the
 * provider emulators with the local inbox, and the site with its API on the
 * embedded PGlite database. `npm run local` builds first and calls this.
 * One Ctrl-C stops everything.
 */
import { parseEnv } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import concurrently from 'concurrently';
import { waitFor } from './wait-for.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const envFile = path.join(root, 'config', 'local.env');
const env = parseEnv(fs.readFileSync(envFile, 'utf8'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const sitePort = env.PORT ?? '3000';
const emulatorsPort = new URL(env.COURSES_PORTAL_URL).port || '4000';
// The inbox takes the site's own e-mail on the port SMTP_URL names.
const smtpPort = new URL(env.SMTP_URL).port || '4025';
const authHost = env.FIREBASE_AUTH_EMULATOR_HOST;
const firebaseSendsLinks = env.SIGN_IN_MAIL === 'firebase';

if (!fs.existsSync(path.join(root, 'apps', 'web', 'dist', 'index.html'))) {
  console.error('The web app is not built yet: run `npm run local` (it builds first).');
  process.exit(1);
}

const { result } = concurrently(
  [
    {
      name: 'auth',
      prefixColor: 'yellow',
      command: `"${bin('firebase')}" emulators:start --only auth --project ${env.FIREBASE_PROJECT_ID}`,
    },
    {
      name: 'emulators',
      prefixColor: 'magenta',
      command: `"${bin('tsx')}" tools/emulators/src/main.ts`,
      env: {
        EMULATORS_PORT: emulatorsPort,
        EMULATORS_SMTP_PORT: smtpPort,
        EMULATORS_PUBLIC_URL: `http://localhost:${emulatorsPort}`,
        PAYPAL_WEBHOOK_TARGET_URL: `http://localhost:${sitePort}/api/webhooks/paypal`,
        ZOHO_WEBHOOK_TARGET_URL: `http://localhost:${sitePort}/api/webhooks/zoho`,
        PAYPAL_MERCHANT_NAME: 'Northwind Wireless Academy (sample)',
        ZOHO_MERCHANT_NAME: 'Northwind Wireless Academy (sample)',
        // Where Firebase sends the links, the inbox shows what the Auth Emulator would have
        // sent; otherwise the site's own sign-in e-mail arrives over SMTP like any other.
        FIREBASE_AUTH_EMULATOR_HOST: firebaseSendsLinks ? authHost : '',
        FIREBASE_PROJECT_ID: env.FIREBASE_PROJECT_ID,
      },
    },
    {
      name: 'site',
      prefixColor: 'cyan',
      // Opened before the Auth Emulator is up, the site could not send a sign-in link.
      command:
        `node scripts/wait-for.mjs http://${authHost}/ && ` +
        `node --enable-source-maps --env-file=config/local.env apps/server/dist/server.js`,
    },
  ],
  { cwd: root, prefix: 'name', killOthersOn: ['failure', 'success'], restartTries: 0 },
);

announceWhenReady().catch(() => {});

result.then(
  () => process.exit(0),
  () => process.exit(0), // Ctrl-C ends the children with a signal; that is a normal stop.
);

async function announceWhenReady() {
  const ready = await waitFor([
    `http://127.0.0.1:${sitePort}/api/health`,
    `http://127.0.0.1:${emulatorsPort}/api/inbox/messages`,
    `http://${authHost}/`,
  ]);
  if (!ready) return;
  console.log(
    [
      '',
      '  The workshop site is running:',
      `    Site and API     http://localhost:${sitePort}`,
      `    Local inbox      http://localhost:${emulatorsPort}   (sign-in links and every other e-mail)`,
      `    Inbox SMTP       smtp://localhost:${smtpPort}   (the site's own e-mail arrives here)`,
      `    Auth Emulator    http://${authHost}`,
      `    Database         PGlite in ${env.PGLITE_DIR} (kept between runs)`,
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}
