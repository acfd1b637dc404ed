/**
 * Every check and test: the static checks, the unit tests, the production
 * build, the server integration suites, the fault matrix and the browser
 * tests (these three with the Firebase Auth Emulator running). `npm run check`
 * installs the dependencies first (npm ci) and calls this; CI (.ci/run) runs
 * exactly that command.
 *
 * A step starts as soon as the steps it needs have passed, in two lines of
 * work (see `steps`). Each step's output is printed in one piece when it
 * ends; a table of the times closes the run. The first failure
 * stops the others, is printed last, and makes the exit status non-zero.
 *
 * With FIREBASE_AUTH_EMULATOR_HOST set, the steps use that emulator;
 * otherwise `firebase emulators:exec` starts one around them. Names given
 * as arguments (`node scripts/check.mjs lint unit`) run only those steps.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const npm = (script) => ['npm', ['run', '--silent', script]];

/**
 * name → title, command, and the steps that must have passed before it
 * starts. Two lines of work, one for each core of a small machine, of about
 * the same length:
 * - the browser tests, as soon as the build is there; then the deployment
 *   test (it drives Chromium too) and the static checks (type check, lint,
 *   formatting), beside the fault matrix, which mostly waits out slow
 *   providers;
 * - the unit tests from the start, then the integration suites.
 * More at once would only make every step wait for the CPU.
 */
const steps = {
  chromium: {
    title: 'Chromium for the browser tests',
    run: ['bash', ['scripts/ensure-chromium.sh']],
  },
  // Both helpers may call apt-get, which takes one lock: one after the other.
  postgres: {
    title: 'PostgreSQL for the integration tests',
    run: ['bash', ['scripts/ensure-postgres.sh']],
    after: ['chromium'],
  },
  build: { title: 'Production build', run: npm('build') },
  e2e: {
    title: 'Browser tests',
    run: npm('test:e2e'),
    after: ['chromium', 'build'],
    emulator: true,
  },
  faults: {
    title: 'Fault matrix',
    run: [bin('vitest'), ['run', '--project', 'server-faults']],
    after: ['e2e', 'postgres'],
    emulator: true,
  },
  // The release artifact behind nginx, two instances, one killed mid-purchase.
  deploy: {
    title: 'Deployment test',
    run: ['node', ['scripts/test-deploy.mjs', '--skip-build']],
    // The build too: when the browser tests are not chosen, it still packs the fresh build.
    after: ['build', 'e2e', 'postgres'],
    emulator: true,
  },
  typecheck: { title: 'Type check', run: npm('typecheck'), after: ['deploy'] },
  lint: { title: 'Lint', run: npm('lint'), after: ['typecheck'] },
  format: { title: 'Formatting', run: npm('format:check'), after: ['lint'] },
  unit: { title: 'Unit tests', run: npm('test:unit') },
  integration: {
    title: 'Integration tests',
    run: npm('test:integration'),
    after: ['postgres', 'unit'],
    emulator: true,
  },
};

const chosen = process.argv.slice(2);
for (const name of chosen) {
  if (!(name in steps)) {
    console.error(`Unknown step "${name}"; the steps are: ${Object.keys(steps).join(', ')}.`);
    process.exit(2);
  }
}
const names = chosen.length > 0 ? chosen : Object.keys(steps);

if (!process.env.FIREBASE_AUTH_EMULATOR_HOST && names.some((name) => steps[name].emulator)) {
  // Run this script again inside an Auth Emulator; emulators:exec sets the host.
  const inside = spawnSync(
    bin('firebase'),
    [
      'emulators:exec',
      '--config',
      'firebase.test.json',
      '--only',
      'auth',
      '--project',
      'demo-wifi7-workshop',
      ['node', 'scripts/check.mjs', ...names].join(' '),
    ],
    { cwd: root, stdio: 'inherit' },
  );
  process.exit(inside.status ?? 1);
}

const started = Date.now();
const seconds = (from, to = Date.now()) => ((to - from) / 1000).toFixed(1);
/** name → { status: 'waiting' | 'running' | 'passed' | 'failed' | 'stopped', … } */
const state = Object.fromEntries(names.map((name) => [name, { status: 'waiting' }]));
let failed;

function startReady() {
  for (const name of names) {
    const step = state[name];
    if (step.status !== 'waiting') continue;
    // A prerequisite left out of this run counts as passed.
    const needs = (steps[name].after ?? []).filter((other) => other in state);
    if (needs.every((other) => state[other].status === 'passed')) start(name);
  }
}

/**
 * Chromium, run as root, raises its display and compositor threads to nice
 * -8, and then takes the CPU from every other step: on a two-core machine
 * the static checks ran 3 to 5 times slower beside the browser tests than
 * alone. A step runs without the capability to raise a priority
 * (CAP_SYS_NICE; only root has it), so every process keeps the priority it
 * started with and the two lines of work share the CPU as planned.
 */
const dropsPriorityBoost =
  process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;
const withoutPriorityBoost = ([command, args]) =>
  dropsPriorityBoost
    ? ['setpriv', ['--inh-caps=-sys_nice', '--bounding-set=-sys_nice', command, ...args]]
    : [command, args];

function start(name) {
  const [command, args] = withoutPriorityBoost(steps[name].run);
  const step = state[name];
  step.status = 'running';
  step.started = Date.now();
  step.output = [];
  console.log(`▶ ${steps[name].title} (started at ${seconds(started)} s)`);
  // A group of its own, so a failure elsewhere can stop it and what it started.
  const child = spawn(command, args, { cwd: root, env: process.env, detached: true });
  step.child = child;
  child.stdout.on('data', (chunk) => step.output.push(chunk));
  child.stderr.on('data', (chunk) => step.output.push(chunk));
  child.on('error', (error) => step.output.push(Buffer.from(`${error.message}\n`)));
  child.on('close', (code) => finish(name, code));
}

function finish(name, code) {
  const step = state[name];
  step.ended = Date.now();
  if (step.status === 'stopped') return settleIfDone();
  step.status = code === 0 ? 'passed' : 'failed';
  const title = steps[name].title;
  if (step.status === 'passed') {
    printGroup(`✓ ${title} (${seconds(step.started, step.ended)} s)`, step.output);
    startReady();
  } else if (!failed) {
    failed = name;
    for (const other of names) {
      if (state[other].status === 'running') stop(other);
    }
  } else {
    printGroup(`✗ ${title} also failed`, step.output);
  }
  settleIfDone();
}

/**
 * Stops a step and what it started. SIGINT first: Playwright and Vitest
 * then close the servers they started in process groups of their own (on
 * SIGTERM they exit at once and leave those running, holding the ports the
 * next run needs). Whatever is left of the step's own group after a grace
 * period is killed.
 */
function stop(name) {
  const step = state[name];
  step.status = 'stopped';
  const signalGroup = (signal) => {
    try {
      process.kill(-step.child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGINT');
  setTimeout(() => signalGroup('SIGKILL'), 20_000).unref();
}

function printGroup(heading, output) {
  const text = Buffer.concat(output).toString().trimEnd();
  console.log(`\n━━ ${heading}\n${text ? `${text}\n` : ''}━━\n`);
}

function settleIfDone() {
  if (names.some((name) => state[name].status === 'running')) return;
  clearInterval(heartbeat);
  const rows = names.map((name) => {
    const step = state[name];
    const mark = { passed: '✓', failed: '✗', stopped: '■', waiting: '·' }[step.status];
    const time = step.started ? `${seconds(step.started, step.ended)} s` : 'not run';
    const from = step.started ? `from ${seconds(started, step.started)} s` : '';
    return `  ${mark} ${steps[name].title.padEnd(38)} ${time.padStart(9)}  ${from}`;
  });
  const table = `${rows.join('\n')}\n  Total: ${seconds(started)} s`;
  if (failed) {
    const step = state[failed];
    printGroup(`✗ ${steps[failed].title} FAILED — its output:`, step.output);
    console.error(`\n✗ ${steps[failed].title} failed.\n${table}`);
    process.exit(step.child.exitCode || 1);
  }
  console.log(`\nAll checks passed:\n${table}`);
  process.exit(0);
}

// CI wants a sign of life while long steps print nothing.
const heartbeat = setInterval(() => {
  const running = names
    .filter((name) => state[name].status === 'running')
    .map((name) => `${steps[name].title} (${seconds(state[name].started)} s)`);
  console.log(`… at ${seconds(started)} s, running: ${running.join(', ')}`);
}, 60_000);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const name of names) {
      if (state[name].status === 'running') stop(name);
    }
    process.exit(130);
  });
}

startReady();
