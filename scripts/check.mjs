/**
 * Every check and test, in order, stopping at the first failure:
 * static checks, unit tests, the production build, then the server
 * integration suites, the fault matrix and the browser tests with the
 * Firebase Auth Emulator running. `npm run check` installs the dependencies first and calls this;
 * CI (.ci/run) runs exactly that command.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const steps = [
  ['Chromium for the browser tests', 'bash', ['scripts/ensure-chromium.sh']],
  ['PostgreSQL for the integration tests', 'bash', ['scripts/ensure-postgres.sh']],
  ['Type check', 'npm', ['run', '--silent', 'typecheck']],
  ['Lint', 'npm', ['run', '--silent', 'lint']],
  ['Formatting', 'npm', ['run', '--silent', 'format:check']],
  ['Unit tests', 'npm', ['run', '--silent', 'test:unit']],
  ['Production build', 'npm', ['run', '--silent', 'build']],
  [
    'Integration tests, fault matrix and browser tests (with the Firebase Auth Emulator)',
    bin('firebase'),
    [
      'emulators:exec',
      '--config',
      'firebase.test.json',
      '--only',
      'auth',
      '--project',
      'demo-wifi7-workshop',
      // The matrix runs as a plain Vitest run: the emulator this step started serves it too.
      'npm run --silent test:integration && npx vitest run --project server-faults && npm run --silent test:e2e',
    ],
  ],
];

const timings = [];
for (const [title, command, args] of steps) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`  ${run.status === 0 ? '✓' : '✗'} ${title} (${seconds} s)`);
  if (run.status !== 0) {
    console.error(`\n✗ ${title} failed.\n${timings.join('\n')}`);
    process.exit(run.status ?? 1);
  }
}
console.log(`\nAll checks passed:\n${timings.join('\n')}`);
