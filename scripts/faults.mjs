/**
 * `npm run test:faults`: the fault matrix (apps/server/faults), which needs
 * the Firebase Auth Emulator for its buyers' sign-ins. When one is already
 * running (FIREBASE_AUTH_EMULATOR_HOST is set, as inside `npm run check`)
 * the matrix runs against it; otherwise it runs inside
 * `firebase emulators:exec`, which starts one and stops it afterwards.
 * The table is printed at the end and kept in apps/server/faults/last-run.md.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const matrix = ['run', '--project', 'server-faults'];

const run = process.env.FIREBASE_AUTH_EMULATOR_HOST
  ? spawnSync(bin('vitest'), matrix, { cwd: root, stdio: 'inherit' })
  : spawnSync(
      bin('firebase'),
      [
        'emulators:exec',
        '--config',
        'firebase.test.json',
        '--only',
        'auth',
        '--project',
        'demo-wifi7-workshop',
        `"${bin('vitest')}" ${matrix.join(' ')}`,
      ],
      { cwd: root, stdio: 'inherit' },
    );
process.exit(run.status ?? 1);
