/**
 * `npm run bundle`: the production artifact, dist/wifi7-workshop-<version>.tar.gz.
 *
 * It holds the built server and web app, the database migrations, the sample
 * catalog and page content, the deployment files, and the server's production
 * dependencies already installed (linux-x64, glibc) — so a host needs Node and
 * nothing else: no npm install, no compiler, none of the development tooling.
 *
 * The dependencies are installed from the repository's own lock file, pruned
 * to the server's production dependencies, so the artifact runs the exact
 * versions the tests ran. Install scripts are not run: nothing is built on
 * install (sharp's native code comes prebuilt in its @img packages).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const skipBuild = process.argv.includes('--skip-build');
const rootManifest = readJson('package.json');
const name = `wifi7-workshop-${rootManifest.version}`;
const distDir = path.join(root, 'dist');
const stageRoot = path.join(distDir, '.stage');
const stage = path.join(stageRoot, name);
const tarball = path.join(distDir, `${name}.tar.gz`);

// Development tools that must never reach a production host.
const FORBIDDEN = [
  'firebase-tools',
  'lighthouse',
  'vite',
  'vitest',
  'tsup',
  'tsx',
  'esbuild',
  'typescript',
  'playwright',
  'playwright-core',
  '@playwright/test',
  'drizzle-kit',
  're2',
  'eslint',
];

function readJson(relative) {
  return JSON.parse(fs.readFileSync(path.join(root, relative), 'utf8'));
}

function run(command, args, cwd = root) {
  execFileSync(command, args, { cwd, stdio: 'inherit', env: process.env });
}

function copy(relative, filter) {
  const from = path.join(root, relative);
  if (!fs.existsSync(from)) throw new Error(`${relative} is missing: build first`);
  fs.cpSync(from, path.join(stage, relative), { recursive: true, filter });
}

function folderBytes(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

if (!skipBuild) run('npm', ['run', '--silent', 'build']);

fs.rmSync(stageRoot, { recursive: true, force: true });
fs.mkdirSync(stage, { recursive: true });

// The server finds its folders from the top package.json that lists
// workspaces, exactly as in the repository, so every default path holds.
copy('apps/server/dist');
copy('apps/server/drizzle');
copy('apps/web/dist');
copy('catalog/catalog.json');
copy('catalog/content.json');
if (fs.existsSync(path.join(root, 'deploy'))) copy('deploy');
copy('README.md');

const serverManifest = readJson('apps/server/package.json');
fs.writeFileSync(
  path.join(stage, 'apps/server/package.json'),
  `${JSON.stringify(
    {
      name: serverManifest.name,
      version: rootManifest.version,
      private: true,
      type: 'module',
      dependencies: serverManifest.dependencies,
    },
    null,
    2,
  )}\n`,
);
fs.writeFileSync(
  path.join(stage, 'package.json'),
  `${JSON.stringify(
    {
      name: rootManifest.name,
      version: rootManifest.version,
      private: true,
      type: 'module',
      description: rootManifest.description,
      workspaces: ['apps/server'],
      engines: { node: rootManifest.engines.node },
      scripts: {
        start: 'node --enable-source-maps apps/server/dist/server.js',
        catalog: 'node apps/server/dist/catalog.js',
        orders: 'node apps/server/dist/orders.js',
      },
    },
    null,
    2,
  )}\n`,
);
fs.copyFileSync(path.join(root, 'package-lock.json'), path.join(stage, 'package-lock.json'));
run(
  'npm',
  ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
  stage,
);

const installed = fs
  .readdirSync(path.join(stage, 'node_modules'))
  .flatMap((entry) =>
    entry.startsWith('@')
      ? fs
          .readdirSync(path.join(stage, 'node_modules', entry))
          .map((scoped) => `${entry}/${scoped}`)
      : [entry],
  );
const leaked = FORBIDDEN.filter((tool) => installed.includes(tool));
if (leaked.length > 0) {
  throw new Error(`Development tools in the production dependencies: ${leaked.join(', ')}`);
}

fs.rmSync(tarball, { force: true });
run('tar', ['-czf', tarball, '-C', stageRoot, name]);

const modulesBytes = folderBytes(path.join(stage, 'node_modules'));
const appBytes = folderBytes(stage) - modulesBytes;
console.table([
  { part: 'artifact (gzip tarball)', size: megabytes(fs.statSync(tarball).size) },
  { part: 'unpacked: node_modules', size: megabytes(modulesBytes) },
  { part: 'unpacked: the rest', size: megabytes(appBytes) },
  { part: 'packages (top level)', size: String(installed.length) },
]);
console.log(path.relative(root, tarball));
fs.rmSync(stageRoot, { recursive: true, force: true });
