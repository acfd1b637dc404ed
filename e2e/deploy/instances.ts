/**
 * The deployment's server instances as scripts/test-deploy.mjs runs them:
 * their ports, current pids (the supervisor restarts a killed one) and log
 * files, and what a journey needs of them — which instance is serving a
 * request right now, killing it, and waiting until it is back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

const workDir = process.env.DEPLOY_WORK_DIR ?? '';
export const instancePorts = (process.env.DEPLOY_INSTANCE_PORTS ?? '')
  .split(',')
  .filter(Boolean)
  .map(Number);

const logFile = (port: number) => path.join(workDir, 'logs', `instance-${port}.log`);
const pidOf = (port: number) =>
  Number(fs.readFileSync(path.join(workDir, 'instances', `${port}.pid`), 'utf8'));

/** How far each instance's log has been written, to read only what comes after. */
export function logMarks(): Map<number, number> {
  return new Map(instancePorts.map((port) => [port, fs.statSync(logFile(port)).size]));
}

function requestsLoggedSince(port: number, mark: number): { method?: string; url?: string }[] {
  const text = fs.readFileSync(logFile(port), 'utf8').slice(mark);
  return text.split('\n').flatMap((line) => {
    try {
      const entry = JSON.parse(line) as { req?: { method?: string; url?: string } };
      return entry.req ? [entry.req] : [];
    } catch {
      return [];
    }
  });
}

/** Waits until one instance has logged `method url` after `marks`, and answers its port. */
export async function instanceServing(
  method: string,
  url: string,
  marks: Map<number, number>,
): Promise<number> {
  let serving: number | undefined;
  await expect
    .poll(
      () => {
        serving = instancePorts.find((port) =>
          requestsLoggedSince(port, marks.get(port) ?? 0).some(
            (request) => request.method === method && request.url === url,
          ),
        );
        return serving;
      },
      { timeout: 30_000, message: `an instance serving ${method} ${url}` },
    )
    .toBeDefined();
  return serving!;
}

/** Kills an instance the hard way (no graceful shutdown), as a crash or the OOM killer would. */
export function killInstance(port: number): void {
  process.kill(pidOf(port), 'SIGKILL');
}

/** Waits until the supervisor has brought an instance back and it answers again. */
export async function waitUntilServing(port: number): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000, message: `the instance on port ${port} back up` },
    )
    .toBe(200);
}
