/**
 * API latency under load: starts a production build of the server on a
 * free port with a fresh embedded database (no outside services needed),
 * then drives it with autocannon (50 connections, 10 s per route) and
 * prints requests per second and latency percentiles per route.
 * Run `npm run bench:api` (it builds first). With BENCH_POSTGRES_URL (e.g.
 * postgres://postgres@127.0.0.1:5432/postgres) it uses a fresh database on
 * that PostgreSQL server instead of PGlite, and drops it afterwards.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const port = await new Promise((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wifi7-bench-'));
const adminUrl = process.env.BENCH_POSTGRES_URL;
const benchDatabase = `wifi7_bench_${process.pid}`;
const adminQuery = async (text) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};
let databaseUrl;
if (adminUrl) {
  await adminQuery(`create database ${benchDatabase}`);
  const url = new URL(adminUrl);
  url.pathname = `/${benchDatabase}`;
  databaseUrl = url.toString();
}
const env = {
  ...process.env,
  ...parseEnv(fs.readFileSync(path.join(root, 'config', 'test.env'), 'utf8')),
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'error',
  PGLITE_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  JOBS_ENABLED: 'false',
  // Measures the server, not the abuse limits (never set this in production).
  RATE_LIMITS_ENABLED: 'false',
};
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 100) throw new Error('The server did not start');
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const routes = [
  { title: 'GET /api/health (one database query)', path: '/api/health' },
  { title: 'GET /wifi7-workshop (the app page)', path: '/wifi7-workshop' },
  {
    title: 'POST /api/courses/pricing (catalog queries)',
    path: '/api/courses/pricing',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      productSkus: ['WIFI7-LIVE'],
      countryCode: 'US',
      discountCode: 'TEAM15',
    }),
  },
];
const rows = [];
for (const route of routes) {
  const result = await autocannon({ url: `${base}${route.path}`, connections, duration, ...route });
  rows.push({
    route: route.title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p90 ms': result.latency.p90,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  });
}
console.log(
  `\n${connections} connections, ${duration} s per route, ${os.cpus().length} CPU cores, embedded PGlite:`,
);
console.table(rows);
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
fs.rmSync(dataDir, { recursive: true, force: true });
if (adminUrl) await adminQuery(`drop database if exists ${benchDatabase} with (force)`);
